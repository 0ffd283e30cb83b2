import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|ttf)$/;

/**
 * Writes .br and .gz copies of text assets so the server sends them without compressing per
 * request. Runs after the bundle is written, so it compresses the final files.
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const file = path.join(dir, fileName);
            const data = await fs.readFile(file);
            if (data.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
              gzip(data, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
