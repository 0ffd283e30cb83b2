import { describe, expect, it } from 'vitest';
import { audioFormat } from './audio-format.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat([
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    Buffer.alloc(16),
  ]);

describe('the format of a recording', () => {
  it.each([
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'webm'],
    [bytes('OggS'), 'ogg'],
    [bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'wav'],
    [bytes([0, 0, 0, 0x20], 'ftypM4A '), 'm4a'],
    [bytes('ID3'), 'mp3'],
    [bytes([0xff, 0xfb]), 'mp3'],
  ])('reads %s', (data, extension) => {
    expect(audioFormat(data)?.extension).toBe(extension);
  });

  it('refuses what is not audio', () => {
    expect(audioFormat(bytes('%PDF-1.4'))).toBeUndefined();
    expect(audioFormat(Buffer.from('short'))).toBeUndefined();
  });
});
