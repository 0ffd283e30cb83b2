import { AI_CONVERSATION_HEADER, type AiChatRequest, type AiEditRequest } from '@portal/contracts';
import { ApiError, apiResponse } from '../../../shared/api/api-client';
import { readServerSentEvents } from './server-sent-events';

/** The finished answer, and where it was saved (logged-in callers). */
export interface FinishedAnswer {
  message: string;
  questionId?: string | undefined;
  answerId?: string | undefined;
}

/** Where an answer is streamed from: a new question, an edited one, or an answer written again. */
export type AnswerRequest =
  | { kind: 'ask'; body: AiChatRequest }
  | { kind: 'edit'; conversationId: string; messageId: string; body: AiEditRequest }
  | { kind: 'regenerate'; conversationId: string; messageId: string; body: { model?: string } };

function pathOf(request: AnswerRequest): string {
  if (request.kind === 'ask') return '/ai-lab/stream/';
  return `/ai-lab/conversations/${encodeURIComponent(request.conversationId)}/messages/${encodeURIComponent(request.messageId)}/${request.kind}/`;
}

/**
 * Funny Chat's streamed answer (contract §10.1's streamed variant, or an edit or regeneration of a
 * saved conversation): calls `onDelta` with each piece as it is written and resolves with the whole.
 * Aborting the signal stops it on the server too. `onConversation` learns, before the first piece,
 * which saved conversation the answer goes to (logged-in callers: the server saves the question, and
 * the answer even when stopped).
 */
export async function streamFunnyChat(
  request: AnswerRequest,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  onConversation: (id: string) => void = () => {},
): Promise<FinishedAnswer> {
  const [response, { aiChatStreamEventSchema }] = await Promise.all([
    apiResponse(pathOf(request), { method: 'POST', json: request.body, accept: 'text/event-stream', signal }),
    import('./chat-stream-schema'),
  ]);
  const conversation = response.headers.get(AI_CONVERSATION_HEADER);
  if (conversation) onConversation(conversation);
  if (!response.body) throw new ApiError(0, null);
  for await (const event of readServerSentEvents(response.body, aiChatStreamEventSchema, 'Funny Chat stream')) {
    if (event.type === 'delta') onDelta(event.text);
    else if (event.type === 'done') return { message: event.message, questionId: event.question_id, answerId: event.answer_id };
    else if (event.type === 'error') throw new ApiError(502, { message: event.message });
  }
  if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
  throw new ApiError(0, { message: 'The answer was cut off.' });
}

/** A new question's answer (contract §10.1, streamed). */
export async function askFunnyChat(
  request: AiChatRequest,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  onConversation?: (id: string) => void,
): Promise<string> {
  return (await streamFunnyChat({ kind: 'ask', body: request }, onDelta, signal, onConversation)).message;
}
