import type { AiTranscription } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** What was said in a recording, by the server's speech-to-text model (the key stays on the server). */
export async function transcribeRecording(recording: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', recording, 'recording.webm');
  const answer = await apiRequest<AiTranscription>('/ai-lab/transcriptions/', {
    method: 'POST',
    form,
    ...(signal ? { signal } : {}),
  });
  return answer.text;
}
