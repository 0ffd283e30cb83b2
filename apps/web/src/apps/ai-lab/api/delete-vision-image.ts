import type { AiMessage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { fileNameOf } from './save-file';

/** Contract §10.6: a JSON body on a DELETE, naming the uploaded file. */
export function deleteVisionImage(url: string): Promise<AiMessage> {
  return apiRequest<AiMessage>('/ai-lab/delete-vision-image/', { method: 'DELETE', json: { filename: fileNameOf(url) } });
}
