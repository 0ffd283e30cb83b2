import path from 'node:path';

const TMP = path.join(import.meta.dirname, '..', '.tmp');

function server(port: number, name: string, extra: Record<string, string> = {}) {
  const url = `http://localhost:${port}`;
  return {
    url,
    dataDir: path.join(TMP, `data-${name}`),
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: path.join(TMP, `data-${name}`),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every spec signs people up from this one address; the sign-up limit has its own API tests.
      REGISTRATIONS_PER_HOUR: '10000',
      CV_URL: 'https://cv.example.com/portal-team',
      SOURCE_CODE_URL: 'https://git.example.com/portal',
      PROFESSIONAL_NETWORK_URL: 'https://people.example.com/portal-team',
      // Issue 27: the suspended page says how to reach the staff.
      SUSPENSION_CONTACT: 'moderation@portal.example',
      ...extra,
    },
  };
}

// Ports of the test servers; E2E_PORT_BASE moves them (two checkouts testing side by side). Every
// portal a spec starts takes its port from here: two on one port let the second "start" by answering
// the first one's health check, and its spec then talks to the wrong portal.
const BASE = Number(process.env.E2E_PORT_BASE ?? 8123);
export const PORTS = {
  main: BASE,
  shortTokens: BASE + 1,
  commerce: BASE + 2,
  aiProvider: BASE + 3,
  aiAssistant: BASE + 4,
} as const;

/** The portals the browser tests run against, each on its own fresh data folder. */
export const SERVERS = {
  main: server(PORTS.main, 'main'),
  /**
   * Access tokens that expire in two seconds, to watch the client refresh them; no PUBLIC_URL, so
   * its links follow the address it is reached at (issue 14.6).
   */
  shortTokens: server(PORTS.shortTokens, 'short-tokens', { ACCESS_TOKEN_TTL: '2s', PUBLIC_URL: '' }),
  /**
   * Issue 28: a shop whose staff set up shipping zones, tax by country and discount codes; its own
   * portal, so the other specs' checkouts keep the contract's totals (no zone, the default tax).
   */
  commerce: server(PORTS.commerce, 'commerce', {
    SHOP_NAME: 'Taberna Lisboa',
    SHOP_ADDRESS: 'Rua Augusta 100|1100-053 Lisboa|Portugal',
  }),
};
