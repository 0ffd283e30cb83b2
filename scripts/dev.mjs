// `npm run dev`: the API on :8000 (rebuilt and restarted on change) and Vite with hot reload on :5173.
import { execSync, spawn } from 'node:child_process';

execSync('npx tsc -b packages/contracts apps/server', { stdio: 'inherit' });

const children = [
  spawn('npx tsc -b apps/server --watch --preserveWatchOutput', { shell: true, stdio: 'inherit' }),
  spawn('node --watch apps/server/dist/main.js', {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, CORS_ALLOWED_ORIGINS: 'http://localhost:5173' },
  }),
  spawn('npm run dev -w @portal/web', { shell: true, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
