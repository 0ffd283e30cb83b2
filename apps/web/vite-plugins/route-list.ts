import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * After the server bundle is written, writes its page path patterns (`ROUTE_PATHS`) to the browser
 * build's `routes.json`, where the server reads which paths are pages (the rest answer 404 with the
 * not-found page), whether or not it renders pages itself.
 */
export function routeList(): Plugin {
  let outDir = '';
  let root = process.cwd();
  return {
    name: 'portal-route-list',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    async closeBundle() {
      const entry = pathToFileURL(path.join(outDir, 'entry-server.js')).href;
      const { ROUTE_PATHS } = (await import(entry)) as { ROUTE_PATHS: string[] };
      await fs.writeFile(path.join(root, 'dist', 'routes.json'), `${JSON.stringify(ROUTE_PATHS, null, 1)}\n`);
    },
  };
}
