import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../shared/api/api-client';

/** The file name the download call takes: the URL-decoded last segment of the picture's URL (contract §10.4). */
export const fileNameOf = (url: string) =>
  decodeURIComponent(new URL(url, window.location.href).pathname.split('/').at(-1) ?? '');

/** Fetches a generated picture as a blob and hands it to the browser as a download. */
export async function downloadImage(url: string): Promise<void> {
  const filename = fileNameOf(url);
  const response = await apiResponse('/ai-lab/download-image/', { method: 'POST', json: { filename } });
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function useDownloadImage() {
  return useMutation({ mutationKey: ['ai-lab', 'download-image'], mutationFn: downloadImage });
}
