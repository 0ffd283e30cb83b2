import type { UploadedImages } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Contract §10.5: one picture per call, so each thumbnail shows its own progress. Answers its URL. */
export async function uploadVisionImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('images[]', file, file.name);
  const answer = await apiRequest<UploadedImages>('/ai-lab/upload-vision-images/', {
    method: 'POST',
    form,
    signal,
    onUploadProgress: onProgress,
  });
  return answer.uploaded_images[0]!;
}
