// Starts the built portal for the browser tests on a fresh data folder (DATA_DIR is wiped first,
// after stopping an embedded PostgreSQL a killed earlier run may have left working in it).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopLeftoverServer } from '../../apps/server/dist/db/embedded-postgres.js';

// A portal of a killed earlier run still on the port would answer the tests in this one's place, on
// the data folder wiped below: stop here instead, before touching anything.
const free = await new Promise((resolve) => {
  const probe = net.createServer();
  probe.once('error', () => resolve(false));
  probe.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => probe.close(() => resolve(true)));
});
if (!free) {
  console.error(
    `Port ${process.env.PORT} is taken (a portal left by an earlier run?): stop it; ${process.env.DATA_DIR} is left as it was.`,
  );
  process.exit(1);
}

await stopLeftoverServer(path.join(process.env.DATA_DIR, 'postgres'));
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../apps/server/dist/main.js');
