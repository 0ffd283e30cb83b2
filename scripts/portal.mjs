// `npm run portal -- <command>`: the portal's command line (issue 15: `grant <email> <staff|owner|none>`;
// issue 26: `backup [file]`, `restore <file> [--yes] [--stop] [--force]`).
// Builds the server first when its build is missing or out of date, as `npm start` does (its output on
// stderr, so stdout carries only the answer).
import { execSync } from 'node:child_process';
import readline from 'node:readline/promises';
import { staleParts } from './build-state.mjs';

if (staleParts().some((part) => part.name === 'server')) {
  console.error('Building the server first…');
  execSync('npm run build -w @portal/contracts && npm run build -w @portal/server', { stdio: ['ignore', 2, 2] });
}
const { runPortalCli } = await import('../apps/server/dist/portal-cli.js');
const code = await runPortalCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  // Questions only on a terminal: piped or scripted, `--yes` says it instead.
  ask: process.stdin.isTTY
    ? async (question) => {
        const terminal = readline.createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await terminal.question(question);
        } finally {
          terminal.close();
        }
      }
    : undefined,
});
process.exit(code);
