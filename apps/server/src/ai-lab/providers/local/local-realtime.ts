import { randomBytes } from 'node:crypto';
import type { RealtimeResponse, RealtimeServerEvent } from '@portal/contracts';
import type { RealtimeEngine } from '../ai-provider.js';
import type { JokeEngine } from './jokes/joke-engine.js';
import { streamWords } from './word-stream.js';

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/**
 * Realtime chat answered by the joke engine, speaking the same events a provider sends, so the
 * relay and the page cannot tell the difference: the reply streams as text deltas and ends with
 * `response.done` holding the whole text.
 */
export function createLocalRealtime(jokes: JokeEngine, streamDelayMs: number): RealtimeEngine {
  return {
    engine: 'local',
    model: null,
    open({ onEvent }) {
      const said: string[] = [];
      let previous: string | null = null;
      let responding = false;
      const stop = new AbortController();
      const emit = (event: RealtimeServerEvent) => {
        if (!stop.signal.aborted) onEvent({ event_id: id('event'), ...event });
      };

      async function respond(question: string) {
        responding = true;
        const responseId = id('resp');
        const itemId = id('item');
        const response = (status: RealtimeResponse['status'], text?: string): RealtimeResponse => ({
          id: responseId,
          object: 'realtime.response',
          status,
          output:
            text === undefined ? [] : [{ id: itemId, type: 'message', role: 'assistant', content: [{ type: 'text', text }] }],
        });
        const item = { id: itemId, object: 'realtime.item', type: 'message', role: 'assistant', content: [] };
        emit({ type: 'response.created', response: response('in_progress') });
        emit({
          type: 'response.output_item.added',
          response_id: responseId,
          output_index: 0,
          item: { ...item, status: 'in_progress' },
        });
        emit({
          type: 'response.content_part.added',
          response_id: responseId,
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          part: { type: 'text', text: '' },
        });
        const reply = jokes.reply(question);
        let text = '';
        for await (const piece of streamWords(reply, streamDelayMs, stop.signal)) {
          text += piece;
          emit({
            type: 'response.text.delta',
            response_id: responseId,
            item_id: itemId,
            output_index: 0,
            content_index: 0,
            delta: piece,
          });
        }
        const part = { type: 'text', text };
        emit({ type: 'response.text.done', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, text });
        emit({
          type: 'response.content_part.done',
          response_id: responseId,
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          part,
        });
        emit({
          type: 'response.output_item.done',
          response_id: responseId,
          output_index: 0,
          item: { ...item, status: 'completed', content: [part] },
        });
        emit({ type: 'response.done', response: response('completed', text) });
        previous = itemId;
        responding = false;
      }

      return {
        send(event) {
          if (event.type === 'conversation.item.create') {
            const text = event.item.content.map((part) => part.text).join(' ');
            said.push(text);
            const itemId = id('item');
            emit({
              type: 'conversation.item.created',
              previous_item_id: previous,
              item: {
                id: itemId,
                object: 'realtime.item',
                type: 'message',
                role: 'user',
                status: 'completed',
                content: [{ type: 'input_text', text }],
              },
            });
            previous = itemId;
            return;
          }
          if (responding) {
            emit({
              type: 'error',
              error: {
                type: 'invalid_request_error',
                code: 'conversation_already_has_active_response',
                message: 'A reply is already on its way.',
              },
            });
            return;
          }
          const question = said.at(-1);
          if (question === undefined) {
            emit({
              type: 'error',
              error: {
                type: 'invalid_request_error',
                code: 'no_message',
                message: 'Send a message before asking for a response.',
              },
            });
            return;
          }
          void respond(question);
        },
        close() {
          stop.abort();
        },
      };
    },
  };
}
