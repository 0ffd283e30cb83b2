// Starts the built portal for the browser tests on a fresh data folder (DATA_DIR is wiped first,
// after stopping an embedded PostgreSQL a killed earlier run may have left working in it).
import fs from 'node:fs';
import path from 'node:path';
import { stopLeftoverServer } from '../../apps/server/dist/db/embedded-postgres.js';

await stopLeftoverServer(path.join(process.env.DATA_DIR, 'postgres'));
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../apps/server/dist/main.js');
