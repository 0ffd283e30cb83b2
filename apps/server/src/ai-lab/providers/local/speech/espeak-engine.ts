import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ProviderError } from '../../ai-provider.js';
import { ESPEAK_WORKER_SOURCE } from './espeak-worker-source.js';

export interface EspeakOptions {
  /** An espeak-ng voice, e.g. `en-us`. */
  voice?: string;
  /** Words per minute. */
  speed?: number;
  /** A synthesis taking longer than this is stopped and its worker replaced. */
  timeoutMs?: number;
}

interface Job {
  resolve(wav: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Where the npm package `espeak-ng` keeps its program and its WebAssembly binary. */
function espeakFiles() {
  const entry = createRequire(import.meta.url).resolve('espeak-ng');
  return { moduleUrl: pathToFileURL(entry).href, wasmPath: path.join(path.dirname(entry), 'espeak-ng.wasm') };
}

/** The text espeak-ng is given: without controls, and without markup it could read as commands. */
export const speakableText = (text: string) =>
  Array.from(text, (ch) =>
    (ch.charCodeAt(0) < 32 && ch !== '\n' && ch !== '\t') || ch.charCodeAt(0) === 127 || ch === '<' || ch === '>' ? ' ' : ch,
  )
    .join('')
    .trim();

/**
 * Offline speech: espeak-ng's WebAssembly build in a worker thread, one synthesis at a time.
 * Answers 16-bit mono WAV at 22 050 Hz.
 */
export function createEspeakEngine({ voice = 'en-us', speed = 160, timeoutMs = 30_000 }: EspeakOptions = {}) {
  let worker: Worker | undefined;
  let nextId = 1;
  const jobs = new Map<number, Job>();
  let queue: Promise<unknown> = Promise.resolve();

  function failAll(error: Error) {
    for (const job of jobs.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    jobs.clear();
  }

  function start(): Worker {
    const started = new Worker(ESPEAK_WORKER_SOURCE, { eval: true, workerData: espeakFiles() });
    started.unref();
    started.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
      const job = jobs.get(message.id);
      if (!job) return;
      jobs.delete(message.id);
      clearTimeout(job.timer);
      if (message.wav) job.resolve(Buffer.from(message.wav.buffer, message.wav.byteOffset, message.wav.byteLength));
      else job.reject(new ProviderError(`The speech engine failed: ${message.error ?? 'espeak-ng failed'}`));
    });
    started.on('error', (error) => failAll(new ProviderError(`The speech engine failed: ${error.message}`, 'unavailable')));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new ProviderError('The speech engine stopped. Try again.', 'unavailable'));
    });
    return started;
  }

  function synthesise(text: string): Promise<Buffer> {
    worker ??= start();
    const current = worker;
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        jobs.delete(id);
        reject(new ProviderError('Speech synthesis took too long.', 'timeout'));
        if (worker === current) worker = undefined;
        void current.terminate();
      }, timeoutMs);
      jobs.set(id, { resolve, reject, timer });
      current.postMessage({ id, text, voice, speed });
    });
  }

  return {
    /** The spoken text as a WAV file. */
    speak(text: string): Promise<Buffer> {
      const words = speakableText(text);
      if (!words) return Promise.reject(new ProviderError('There is nothing to say in this text.'));
      const result = queue.then(() => synthesise(words));
      queue = result.catch(() => undefined);
      return result;
    },
    async close(): Promise<void> {
      const current = worker;
      worker = undefined;
      if (current) await current.terminate();
    },
  };
}

export type EspeakEngine = ReturnType<typeof createEspeakEngine>;

/** Length in seconds of a PCM WAV file, from its header. */
export function wavDurationSeconds(wav: Buffer): number {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  const byteRate = wav.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') return Math.min(size, wav.length - offset - 8) / byteRate;
    offset += 8 + size;
  }
  throw new Error('WAV file without data');
}
