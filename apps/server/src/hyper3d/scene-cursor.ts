import { UUID_PATTERN } from '../core/ids.js';
import type { SceneCursor } from './scenes.repository.js';

/** `<ms since the epoch>.<uuid>`: where the next page of the scenes list starts. */
export function encodeSceneCursor(cursor: SceneCursor): string {
  return `${cursor.updatedAt.getTime()}.${cursor.id}`;
}

export function decodeSceneCursor(text: string): SceneCursor | null {
  const [time, id, ...rest] = text.split('.');
  if (rest.length > 0 || !time || !/^\d{1,15}$/.test(time) || !id || !UUID_PATTERN.test(id)) return null;
  return { updatedAt: new Date(Number(time)), id: id.toLowerCase() };
}
