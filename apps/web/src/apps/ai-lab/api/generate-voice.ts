import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiMessage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { galleryKey } from './query-keys';

/** Contract §10.3: answers the absolute URL of the spoken audio in `message`. */
export async function generateVoice(prompt: string): Promise<string> {
  return (await apiRequest<AiMessage>('/ai-lab/voice-generator/', { method: 'POST', json: { question: prompt } })).message;
}

export function useGenerateVoice() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ['ai-lab', 'generate-voice'],
    mutationFn: generateVoice,
    onSuccess: () => queries.invalidateQueries({ queryKey: galleryKey }),
  });
}
