import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client';
import { fileNameOf, saveFile } from './save-file';

/** Fetches a generated voice from its URL and saves it under its own file name. */
export async function downloadVoice(url: string): Promise<void> {
  const response = await fetch(url).catch(() => null);
  if (!response?.ok) throw new ApiError(response?.status ?? 0, { message: 'The voice could not be downloaded.' });
  saveFile(await response.blob(), fileNameOf(url));
}

export function useDownloadVoice() {
  return useMutation({ mutationKey: ['ai-lab', 'download-voice'], mutationFn: downloadVoice });
}
