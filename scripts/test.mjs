// `npm test`: everything — lint, format, types, build, unit and API tests, browser tests.
//
// The four checks are single-threaded tools, so they run as two chains side by side (lint then
// format, beside types then build: the build reuses what the type check compiled), one per core;
// each step's output is printed when it ends, so the two never interleave. The test suites then
// run one after the other, each using both cores itself.
import { spawn, spawnSync } from 'node:child_process';

const CHECKS = [
  [
    ['lint', 'npx eslint . --max-warnings=0'],
    ['format', 'npx prettier --check . --log-level warn'],
  ],
  [
    ['types', 'npm run typecheck'],
    ['build', 'npm run build'],
  ],
];
const SUITES = [
  ['unit and API tests', 'npx vitest run'],
  ['browser tests', 'npm test -w @portal/e2e'],
];

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const timings = [];

/** Runs a step with its output held back, then prints it; resolves whether it passed. */
function quietly(name, command) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n━━ ${name}: ${command}${text ? `\n${text}` : ''}`);
      console.log(code === 0 ? `✓ ${name} (${seconds(t)}s)` : `\n✗ ${name} failed after ${seconds(t)}s`);
      timings.push(`${name} ${seconds(t)}s`);
      resolve(code === 0);
    });
  });
}

async function chain(steps) {
  for (const [name, command] of steps) if (!(await quietly(name, command))) return false;
  return true;
}

console.log(`━━ ${CHECKS.map((steps) => steps.map(([name]) => name).join(' → ')).join('  ‖  ')} (side by side)`);
const checked = await Promise.all(CHECKS.map(chain));
console.log(`\nchecks: ${seconds(started)}s (${timings.join(', ')})`);
if (checked.includes(false)) process.exit(1);

for (const [name, command] of SUITES) {
  const t = Date.now();
  console.log(`\n━━ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds(t)}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds(t)}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
