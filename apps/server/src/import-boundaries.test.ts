import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's import zones (eslint.config.js) fire: each case lints one import, as if written in a
 * file of the named folder, with the repository's own ESLint configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths' });
const errorsLint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });

async function zoneErrors(folder: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, {
    filePath: path.join(root, 'apps/server/src', folder, 'boundary-fixture.ts'),
  });
  return result!.messages.map((message) =>
    message.message.replace(/^Unexpected path "[^"]*" imported in restricted zone\. /, ''),
  );
}

describe('server import boundaries', { timeout: 120_000 }, () => {
  it('db/ imports nothing of ours', async () => {
    expect(await zoneErrors('db', "import type { Deps } from '../core/deps.js';")).toEqual(['db/ imports nothing of ours.']);
    expect(await zoneErrors('db', "import { SOCIAL_MESSAGES } from '@portal/contracts';")).toEqual([
      'db/ imports nothing of ours.',
    ]);
    expect(await zoneErrors('db', "import { runMigrations } from './migrate.js';")).toEqual([]);
  });

  it('core/ imports db/ and the contract, never a domain, not even its public face', async () => {
    const refusal = [expect.stringContaining('core/ imports only db/ and @portal/contracts')];
    expect(await zoneErrors('core', "import type { SessionService } from '../auth/session.service.js';")).toEqual(refusal);
    expect(await zoneErrors('core', "import { createSessionService } from '../auth/index.js';")).toEqual(refusal);
    expect(await zoneErrors('core', "import { runSeed } from '../seed/seed-runner.js';")).toEqual(refusal);
    expect(
      await zoneErrors(
        'core',
        "import type { Database } from '../db/client.js';\nimport { AUTH_MESSAGES } from '@portal/contracts';",
      ),
    ).toEqual([]);
  });

  it('a domain uses another only through its index.ts', async () => {
    expect(
      await zoneErrors('social', "import { createNotificationsRepository } from '../notifications/notifications.repository.js';"),
    ).toEqual(['social may use notifications only through notifications/index.ts, its public face.']);
    expect(await zoneErrors('social', "import { createNotificationsService } from '../notifications/index.js';")).toEqual([]);
    expect(await zoneErrors('apps-manager', "import { createCatalogueService } from '../taberna/index.js';")).toEqual([]);
  });

  it('never in a circle: a domain may not import one that uses it', async () => {
    expect(await zoneErrors('notifications', "import { createSocialFinder } from '../social/index.js';")).toEqual([
      expect.stringContaining('notifications may not import social'),
    ]);
    expect(await zoneErrors('taberna', "import type { SocialFinder } from '../social/index.js';")).toEqual([
      expect.stringContaining('taberna may not import social'),
    ]);
  });

  it('demo data stays in seed/, which may write through any domain', async () => {
    expect(await zoneErrors('taberna', "import type { SeedStep } from '../seed/seed-runner.js';")).toEqual([
      'Domains never import demo data (seed/) or the composition root (app.ts, main.ts).',
    ]);
    expect(await zoneErrors('seed', "import { createAccountsRepository } from '../auth/accounts.repository.js';")).toEqual([]);
  });

  it('only routes word HTTP answers: services throw domain errors', async () => {
    const lint = async (file: string, code: string) => {
      const [result] = await errorsLint.lintText(`${code}\n`, { filePath: path.join(root, 'apps/server/src', file) });
      return result!.messages.map((message) => message.message);
    };
    const apiError = "import { ApiError } from '../core/errors.js';";
    const refusal = [expect.stringContaining('Throw a domain error (core/domain-errors.ts)')];
    expect(await lint('social/boundary-fixture.service.ts', apiError)).toEqual(refusal);
    expect(await lint('taberna/boundary-fixture.ts', apiError)).toEqual(refusal);
    expect(
      await lint('ai-lab/providers/local/boundary-fixture.ts', "import { ApiError } from '../../../core/errors.js';"),
    ).toEqual(refusal);
    expect(await lint('social/boundary-fixture.service.ts', "import { NotFound } from '../core/domain-errors.js';")).toEqual([]);
    expect(await lint('auth/boundary-fixture.routes.ts', apiError)).toEqual([]);
  });
});
