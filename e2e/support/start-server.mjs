// Starts the built portal for the browser tests on a fresh data folder (DATA_DIR is wiped first).
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../apps/server/dist/main.js');
