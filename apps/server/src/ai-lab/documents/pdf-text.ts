import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Invalid } from '../../core/domain-errors.js';
import { PDF_WORKER_SOURCE } from './pdf-worker-source.js';

export interface PdfText {
  pages: number;
  title: string;
  text: string;
}

export interface PdfLimits {
  maxPages: number;
  /** Text read beyond this is not kept. */
  maxCharacters: number;
  timeoutMs?: number;
  /** The worker's heap; a PDF that needs more is refused. */
  maxMemoryMb?: number;
}

/** unpdf's ES module (its package also has a CommonJS build, which `require.resolve` finds). */
function unpdfModuleUrl(): string {
  const entry = createRequire(import.meta.url).resolve('unpdf');
  return pathToFileURL(path.join(path.dirname(entry), 'index.mjs')).href;
}

/** PDFs read at once, each in its own worker: more wait their turn (memory stays bounded). */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished read hands its turn to the next one waiting, so no newcomer slips in between.
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * The text of a PDF, page after page, read in a worker thread of its own (terminated after the
 * time limit, its heap capped), two at most at a time. Too many pages, a password, a broken file:
 * a 400 in plain words.
 */
export function readPdfText(data: Buffer, limits: PdfLimits): Promise<PdfText> {
  return inTurn(() => readInWorker(data, limits));
}

function readInWorker(
  data: Buffer,
  { maxPages, maxCharacters, timeoutMs = 30_000, maxMemoryMb = 512 }: PdfLimits,
): Promise<PdfText> {
  return new Promise<PdfText>((resolve, reject) => {
    const worker = new Worker(PDF_WORKER_SOURCE, {
      eval: true,
      workerData: { moduleUrl: unpdfModuleUrl(), data, maxPages, maxCharacters },
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new Invalid('This PDF took too long to read.'))), timeoutMs);
    worker.on('message', (message: { pages?: number; title?: string; text?: string; error?: string; message?: string }) => {
      finish(() => {
        if (message.error) {
          if (message.error === 'PasswordException') reject(new Invalid('This PDF is protected by a password.'));
          else reject(new Invalid('This file could not be read as a PDF.'));
        } else if (message.text === undefined) {
          reject(new Invalid(`This PDF has ${message.pages} pages: at most ${maxPages} can be attached.`));
        } else {
          resolve({ pages: message.pages ?? 0, title: message.title ?? '', text: message.text.slice(0, maxCharacters) });
        }
      });
    });
    worker.on('error', () => finish(() => reject(new Invalid('This file could not be read as a PDF.'))));
    worker.on('exit', () => finish(() => reject(new Invalid('This file could not be read as a PDF.'))));
  });
}
