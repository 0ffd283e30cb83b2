import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AI_CONVERSATION_HEADER, type AiChatStreamEvent } from '@portal/contracts';
import { DomainError, UpstreamFailed } from '../../core/domain-errors.js';
import { providerFailure } from '../ai-lab.service.js';
import type { PreparedAnswer } from './funny-chat.service.js';

const EMPTY_ANSWER = 'The AI sent an empty answer.';

/** Aborted when the caller goes away (stop button, closed page), which stops the provider's work too. */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The whole answer at once (contract §10.1); what was written before a stop is saved too. */
export async function wholeAnswer(prepared: PreparedAnswer, reply: FastifyReply) {
  if (prepared.conversationId) reply.header(AI_CONVERSATION_HEADER, prepared.conversationId);
  let message = '';
  try {
    for await (const piece of prepared.answer(abortOnDisconnect(reply))) message += piece;
  } catch (error) {
    throw providerFailure(error);
  }
  message = message.trim();
  await prepared.save(message);
  if (!message) throw new UpstreamFailed(EMPTY_ANSWER);
  return prepared.conversationId ? { message, conversation_id: prepared.conversationId } : { message };
}

/**
 * The answer as server-sent events: `delta`s as the engine writes, then `done` (with the conversation
 * and the saved messages' ids) or `error`. Stopping (the browser goes away) stops the engine, and what
 * was written so far is saved.
 */
export async function streamAnswer(prepared: PreparedAnswer, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const signal = abortOnDisconnect(reply);
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    ...(prepared.conversationId ? { [AI_CONVERSATION_HEADER]: prepared.conversationId } : {}),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  // Nothing is written once the browser has gone (stop button, closed page).
  const write = (text: string) => !signal.aborted && !reply.raw.destroyed && reply.raw.write(text);
  const send = (event: AiChatStreamEvent) => write(`data: ${JSON.stringify(event)}\n\n`);
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), 15_000);
  let message = '';
  try {
    for await (const piece of prepared.answer(signal)) {
      message += piece;
      send({ type: 'delta', text: piece });
    }
    const saved = await prepared.save(message.trim());
    if (signal.aborted) return;
    if (!message.trim()) {
      send({ type: 'error', message: EMPTY_ANSWER });
      return;
    }
    send({
      type: 'done',
      message: message.trim(),
      ...(prepared.conversationId ? { conversation_id: prepared.conversationId } : {}),
      ...(saved ? { question_id: saved.questionId, answer_id: saved.answerId } : {}),
    });
  } catch (error) {
    send({ type: 'error', message: error instanceof DomainError ? error.message : safeFailure(error, request) });
  } finally {
    clearInterval(heartbeat);
    reply.raw.end();
  }
}

/** An unexpected failure inside a stream: logged, and told to the browser without details. */
function safeFailure(error: unknown, request: FastifyRequest): string {
  try {
    return providerFailure(error).message;
  } catch {
    request.log.error({ err: error }, 'AI lab answer failed');
    return 'The answer failed on the server.';
  }
}
