import { describe, expect, it } from 'vitest';
import { EVENT_PAYLOAD_LIMIT, withinPayloadLimit } from './event-bus.js';

describe('withinPayloadLimit', () => {
  it('keeps a payload whose JSON fits the limit', () => {
    const payload = { body: 'x'.repeat(EVENT_PAYLOAD_LIMIT - 20) };
    expect(withinPayloadLimit(payload)).toBe(payload);
  });

  it('drops a payload over the limit, counting bytes rather than characters', () => {
    expect(withinPayloadLimit({ body: 'é'.repeat(EVENT_PAYLOAD_LIMIT / 2) })).toBeUndefined();
  });
});
