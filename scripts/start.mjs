// `npm start`: builds what is missing or out of date, then runs the portal in this process.
// Issue 26: a newcomer sees one line per step, and the portal's address last; VERBOSE_BUILD=1 shows
// the builds' own output (Vite's chunk tables and the like).
import { spawnSync } from 'node:child_process';
import { staleParts } from './build-state.mjs';

const BUILD_STEPS = [
  ['shared contracts', '@portal/contracts'],
  ['server', '@portal/server'],
  ['web app (the longest step)', '@portal/web'],
];
const verbose = Boolean(process.env.VERBOSE_BUILD);

const stale = staleParts();
if (stale.length > 0) {
  console.log(`Building the portal (${stale.map((part) => part.name).join(' and ')}): only the first start takes this long.`);
  for (const [name, workspace] of BUILD_STEPS) {
    const started = Date.now();
    if (!verbose) process.stdout.write(`  Building the ${name}… `);
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
      stdio: verbose ? 'inherit' : 'pipe',
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      if (!verbose) process.stdout.write('failed\n');
      process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
      console.error(`The ${name} did not build (see above). Run \`npm run build\` to try again.`);
      process.exit(1);
    }
    if (!verbose) console.log(`done (${Math.round((Date.now() - started) / 1000)} s)`);
  }
}
// In a terminal the portal's own lines are the progress ones; its JSON log shows warnings and errors
// unless LOG_LEVEL says otherwise (LOG_LEVEL=info for every request).
if (process.stdout.isTTY && process.env.LOG_LEVEL === undefined) process.env.LOG_LEVEL = 'warn';
await import('../apps/server/dist/main.js');
