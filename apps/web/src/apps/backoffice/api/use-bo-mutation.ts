import { useMutation, useQueryClient } from '@tanstack/react-query';
import { overviewKey, resourceKey, type BoResource } from './query-keys';

/**
 * A back-office action: on success the lists and items it touches reload, with the overview and the
 * audit log (every action is written there).
 */
export function useBoMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, touches: BoResource[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(
        [...touches, 'audit' as const].map((resource) => queryClient.invalidateQueries({ queryKey: resourceKey(resource) })),
      );
      await queryClient.invalidateQueries({ queryKey: overviewKey });
    },
  });
}
