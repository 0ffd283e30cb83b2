import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../shared/api/api-client';
import { fileNameOf, saveFile } from './save-file';

/** Fetches a generated picture through contract §10.4 (it takes the URL's file name) and saves it. */
export async function downloadImage(url: string): Promise<void> {
  const filename = fileNameOf(url);
  const response = await apiResponse('/ai-lab/download-image/', { method: 'POST', json: { filename } });
  saveFile(await response.blob(), filename);
}

export function useDownloadImage() {
  return useMutation({ mutationKey: ['ai-lab', 'download-image'], mutationFn: downloadImage });
}
