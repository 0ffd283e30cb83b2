import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startOpenAiStandIn, type StandIn } from '../../apps/server/test/support/openai-stand-in';

const ROOT = path.join(import.meta.dirname, '..', '..');

export const PROVIDER_KEY = 'sk-e2e-provider-KEY-0123456789abcdef';
export const PROVIDER_TOKEN = 'ek_e2e_ephemeral_TOKEN_987';

export interface ProviderPortal {
  url: string;
  /** Its data folder (its outbox holds the activation emails). */
  dataDir: string;
  standIn: StandIn;
  stop(): Promise<void>;
}

/**
 * A built portal whose AI lab talks to the loopback stand-in of an OpenAI-compatible provider,
 * started by the spec itself (the stand-in is TypeScript test code, which Playwright can load).
 */
export async function startProviderPortal(port: number, name = 'ai-provider'): Promise<ProviderPortal> {
  const url = `http://localhost:${port}`;
  // Something already answering there would pass the health check below in this portal's place.
  const taken = await fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken: give the provider portal a port of its own in PORTS`);
  const standIn = await startOpenAiStandIn({ apiKey: PROVIDER_KEY, realtimeToken: PROVIDER_TOKEN });
  const dataDir = path.join(ROOT, 'e2e', '.tmp', `data-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AI_BASE_URL: standIn.url,
      AI_API_KEY: PROVIDER_KEY,
      AI_RATE_LIMIT: '1000/1m',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      // Not left running behind a failed start (it holds its port and its database).
      server.kill('SIGTERM');
      await standIn.close();
      throw new Error('the provider portal did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    standIn,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      await standIn.close();
    },
  };
}
