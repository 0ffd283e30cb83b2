import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { publicOrigin } from '../request-origin.js';
import { assertSafeKey, contentTypeOf, type MediaStorage } from './media-storage.js';

export const MEDIA_URL_PREFIX = '/static/media/';

/** Files under `DATA_DIR/media`, served by the portal at `/static/media/`. */
export function createDiskMediaStorage(root: string, publicUrl: string): MediaStorage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, target);
    },
    async get(key) {
      return fs.readFile(file(key)).catch(() => undefined);
    },
    async open(key) {
      const stat = await fs.stat(file(key)).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: createReadStream(file(key)), contentType: contentTypeOf(key), contentLength: stat.size };
    },
    async exists(key) {
      return fs.access(file(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    url(key) {
      return `${publicOrigin(publicUrl)}${MEDIA_URL_PREFIX}${key}`;
    },
  };
}
