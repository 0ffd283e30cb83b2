import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakEngine, wavDurationSeconds } from './espeak-engine.js';

const engine = createEspeakEngine();
afterAll(() => engine.close());

describe('offline speech with espeak-ng (WebAssembly)', () => {
  it('speaks a sentence as a valid WAV of plausible length', async () => {
    const text = 'Hello from the AI lab. This voice was made on this machine, without any network.';
    const wav = await engine.speak(text);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(22_050);
    const seconds = wavDurationSeconds(wav);
    const words = text.split(/\s+/).length;
    // About 160 words per minute, with pauses: between 0.2 and 0.8 seconds a word.
    expect(seconds).toBeGreaterThan(words * 0.2);
    expect(seconds).toBeLessThan(words * 0.8);
    // Speech, not silence: the samples move.
    const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, Math.floor((wav.length - 44) / 2));
    expect(Math.max(...samples.slice(0, 40_000).map(Math.abs))).toBeGreaterThan(1000);
  });

  it('gets longer with more words, and takes options as text, not as commands', async () => {
    const short = wavDurationSeconds(await engine.speak('Hi.'));
    const long = wavDurationSeconds(await engine.speak('-w /etc/passwd --voices this text only looks like options.'));
    expect(long).toBeGreaterThan(short + 1);
  });

  it('serves requests that arrive together, one after another', async () => {
    const wavs = await Promise.all(['one', 'two', 'three'].map((word) => engine.speak(`Number ${word}.`)));
    for (const wav of wavs) expect(wavDurationSeconds(wav)).toBeGreaterThan(0.3);
  });

  it('refuses empty text', async () => {
    await expect(engine.speak(' \u0000 ')).rejects.toThrow('There is nothing to say in this text.');
  });
});
