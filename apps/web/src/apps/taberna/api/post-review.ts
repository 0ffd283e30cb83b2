import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { productRootKey } from './query-keys';

export const postReview = ({ productId, ...review }: ReviewRequest & { productId: number }) =>
  apiRequest<Review>(`/taberna-store/api/v1/reviews/${productId}/`, { method: 'POST', json: review });

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productRootKey }),
  });
}
