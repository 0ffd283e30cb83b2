import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiMessage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { galleryKey } from './query-keys';

/** Contract §10.2: answers the absolute URL of the generated picture in `message`. */
export async function generateImage(prompt: string): Promise<string> {
  return (await apiRequest<AiMessage>('/ai-lab/image-generator/', { method: 'POST', json: { question: prompt } })).message;
}

export function useGenerateImage() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ['ai-lab', 'generate-image'],
    mutationFn: generateImage,
    onSuccess: () => queries.invalidateQueries({ queryKey: galleryKey }),
  });
}
