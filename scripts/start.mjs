// `npm start`: builds what is missing or out of date, then runs the portal in this process.
import { execSync } from 'node:child_process';
import { staleParts } from './build-state.mjs';

const stale = staleParts();
if (stale.length > 0) {
  console.log(`Building the portal (${stale.map((part) => part.name).join(' and ')}) — only the first start takes this long…`);
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../apps/server/dist/main.js');
