import type { Readable } from 'node:stream';

export interface MediaObject {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
}

/** Stored files (avatars, product pictures, generated media), addressed by keys like `social/avatars/a.webp`. */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the file and its type, for serving it. */
  open(key: string): Promise<MediaObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The absolute URL a browser loads the file from. */
  url(key: string): string;
}

const KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[A-Za-z0-9._-]+$/;

/** Keys are made by the server, never taken from a request; this guards against mistakes anyway. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${key}`);
}

export function isSafeKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
