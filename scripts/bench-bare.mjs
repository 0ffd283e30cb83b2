// The bare Fastify server `npm run bench` measures the portal against: on a loopback port, each route
// `/bare/<n>` answers the same static JSON body (the bytes the portal answered for endpoint n).
// Started by bench.mjs as a child process (its own event loop, like the portal's), with the bodies
// in a JSON file; it tells its parent when it listens and stops on SIGTERM or when the parent goes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The server's own Fastify (a dependency of apps/server), so both sides run the same version.
const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
const Fastify = require('fastify');

const [bodiesFile, port] = process.argv.slice(2);
const bodies = JSON.parse(fs.readFileSync(bodiesFile, 'utf8'));
const app = Fastify({ logger: false });
bodies.forEach((body, n) => {
  app.get(`/bare/${n}`, (request, reply) => reply.type('application/json; charset=utf-8').send(body));
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.({ listening: true });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
