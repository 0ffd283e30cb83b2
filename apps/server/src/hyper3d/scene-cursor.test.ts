import { describe, expect, it } from 'vitest';
import { decodeSceneCursor, encodeSceneCursor } from './scene-cursor.js';

describe('the scenes list cursor', () => {
  it('round-trips the time to the millisecond and the id', () => {
    const cursor = { updatedAt: new Date('2026-05-01T10:20:30.456Z'), id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(decodeSceneCursor(encodeSceneCursor(cursor))).toEqual(cursor);
  });

  it('reads nothing else', () => {
    for (const text of [
      '',
      'x',
      '123',
      '123.nope',
      '-1.0f8fad5b-d9cb-469f-a165-70867728950e',
      '1.2.3',
      '1e3.0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      expect(decodeSceneCursor(text), text).toBeNull();
    }
  });
});
