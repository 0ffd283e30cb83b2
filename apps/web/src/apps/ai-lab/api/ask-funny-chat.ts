import { AI_CONVERSATION_HEADER, type AiChatRequest } from '@portal/contracts';
import { ApiError, apiResponse } from '../../../shared/api/api-client';
import { readServerSentEvents } from './server-sent-events';

/**
 * Asks Funny Chat (contract §10.1, streamed variant): calls `onDelta` with each piece of the answer
 * as it is written and resolves with the whole answer. Aborting the signal stops it on the server too.
 * `onConversation` learns, before the first piece, which saved conversation the answer goes to
 * (logged-in callers only: the server saves the question, and the answer even when stopped).
 */
export async function askFunnyChat(
  request: AiChatRequest,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  onConversation: (id: string) => void = () => {},
): Promise<string> {
  const [response, { aiChatStreamEventSchema }] = await Promise.all([
    apiResponse('/ai-lab/stream/', { method: 'POST', json: request, accept: 'text/event-stream', signal }),
    import('./chat-stream-schema'),
  ]);
  const conversation = response.headers.get(AI_CONVERSATION_HEADER);
  if (conversation) onConversation(conversation);
  if (!response.body) throw new ApiError(0, null);
  for await (const event of readServerSentEvents(response.body, aiChatStreamEventSchema, 'Funny Chat stream')) {
    if (event.type === 'delta') onDelta(event.text);
    else if (event.type === 'done') return event.message;
    else if (event.type === 'error') throw new ApiError(502, { message: event.message });
  }
  if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
  throw new ApiError(0, { message: 'The answer was cut off.' });
}
