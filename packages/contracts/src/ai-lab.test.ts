import { describe, expect, it } from 'vitest';
import {
  aiChatRequestSchema,
  isRealtimeReplyEvent,
  realtimeClientEventSchema,
  realtimeServerEventSchema,
  replyTranscript,
} from './ai-lab.js';

describe('AI lab contract', () => {
  it('trims the question and defaults the pictures to none', () => {
    expect(aiChatRequestSchema.parse({ question: '  hi  ' })).toEqual({ question: 'hi', prompt_images: [] });
    expect(aiChatRequestSchema.parse({ question: 'hi', prompt_images: null }).prompt_images).toEqual([]);
    expect(aiChatRequestSchema.safeParse({ question: 'x'.repeat(501) }).success).toBe(false);
  });

  it('checks the shape of the realtime events a client acts on, and only the type of the others', () => {
    const delta = { type: 'response.text.delta', event_id: 'e', response_id: 'r', item_id: 'i', delta: 'Hi' };
    const parsedDelta = realtimeServerEventSchema.parse(delta);
    expect(parsedDelta).toEqual(delta);
    expect(isRealtimeReplyEvent(parsedDelta)).toBe(true);
    const other = realtimeServerEventSchema.parse({ type: 'response.output_item.added', output_index: 0 });
    expect(isRealtimeReplyEvent(other)).toBe(false);
    for (const type of [
      'conversation.item.created',
      'response.created',
      'response.text.delta',
      'response.audio_transcript.delta',
      'response.done',
      'error',
    ]) {
      expect(realtimeServerEventSchema.safeParse({ type }).success, type).toBe(false);
    }
    expect(realtimeServerEventSchema.safeParse({ ...delta, delta: 5 }).success).toBe(false);
    expect(realtimeServerEventSchema.safeParse({ delta: 'no type' }).success).toBe(false);
  });

  it('accepts only a user text message and a response request on the realtime socket', () => {
    const message = {
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    };
    expect(realtimeClientEventSchema.safeParse(message).success).toBe(true);
    expect(realtimeClientEventSchema.safeParse({ type: 'response.create' }).success).toBe(true);
    expect(realtimeClientEventSchema.safeParse({ ...message, item: { ...message.item, role: 'system' } }).success).toBe(false);
    expect(realtimeClientEventSchema.safeParse({ type: 'session.update', session: {} }).success).toBe(false);
  });

  it("reads a reply's transcript from audio parts or its text parts", () => {
    const done = (content: { type: string; text?: string; transcript?: string }[]) => ({
      id: 'r',
      status: 'completed' as const,
      output: [{ type: 'message', content }],
    });
    expect(replyTranscript(done([{ type: 'audio', transcript: 'Hello there.' }]))).toBe('Hello there.');
    expect(
      replyTranscript(
        done([
          { type: 'text', text: 'Hi ' },
          { type: 'text', text: 'you.' },
        ]),
      ),
    ).toBe('Hi you.');
    expect(replyTranscript(undefined)).toBe('');
  });
});
