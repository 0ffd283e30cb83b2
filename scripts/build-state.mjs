// Whether the built outputs are older than their sources, so `npm start` builds only when needed.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  const full = path.join(ROOT, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function mtime(target) {
  const full = path.join(ROOT, target);
  return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
}

const SHARED = ['package-lock.json', 'packages/contracts/src', 'tsconfig.base.json'];

/** Each part: what it is built from, and a file its build writes last. */
export const PARTS = [
  { name: 'server', output: 'apps/server/dist/.built', sources: [...SHARED, 'apps/server/src', 'apps/server/tsconfig.json'] },
  {
    name: 'web',
    // The server-render bundle (dist-ssr) is built after the browser's (dist).
    output: 'apps/web/dist-ssr/entry-server.js',
    sources: [
      ...SHARED,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins',
    ],
  },
];

export function staleParts() {
  return PARTS.filter((part) => {
    const built = mtime(part.output);
    return built === 0 || part.sources.some((source) => newestMtime(source) > built);
  });
}
