/** Folders of the lab's files under the media root (contract §1.7). */
export const AI_MEDIA_FOLDERS = {
  image: 'generated_images',
  voice: 'generated_voices',
  vision: 'vision_images',
} as const;

/**
 * Contract §10.2: a generated file is named after its prompt — lower case, whitespace runs as `_`,
 * at most 25 characters — keeping only characters that are safe in a file name.
 */
export function promptBaseName(prompt: string, fallback: string): string {
  const name = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 25)
    .replace(/^[_-]+|[_-]+$/g, '');
  return name || fallback;
}

const BARE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/**
 * A file name sent by a client (download and delete calls), only when it is a bare name: no path,
 * no `..`, nothing a file system or URL would read as anything but one file's name.
 */
export function bareName(filename: string): string | undefined {
  return BARE_NAME.test(filename) && !filename.includes('..') ? filename : undefined;
}

/** The bare name of an uploaded picture from its URL (`…/static/media/vision_images/<name>`). */
export function visionNameFromUrl(value: string): string | undefined {
  let path: string;
  try {
    path = new URL(value, 'http://portal.invalid').pathname;
  } catch {
    return undefined;
  }
  const prefix = `/static/media/${AI_MEDIA_FOLDERS.vision}/`;
  return path.startsWith(prefix) ? bareName(path.slice(prefix.length)) : undefined;
}
