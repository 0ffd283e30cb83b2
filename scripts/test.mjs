// `npm test`: everything, in order — lint, format, types, build, unit and API tests, browser tests.
import { spawnSync } from 'node:child_process';

const STEPS = [
  ['lint', 'npx eslint . --max-warnings=0'],
  ['format', 'npx prettier --check . --log-level warn'],
  ['types', 'npm run typecheck'],
  ['build', 'npm run build'],
  ['unit and API tests', 'npx vitest run'],
  ['browser tests', 'npm test -w @portal/e2e'],
];

const started = Date.now();
for (const [name, command] of STEPS) {
  const t = Date.now();
  console.log(`\n━━ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
