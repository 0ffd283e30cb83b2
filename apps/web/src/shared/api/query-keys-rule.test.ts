// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps React Query keys in the query-keys.ts files (eslint.config.js) fires: each
 * case lints a few lines, as if written in the named file, with the repository's own configuration.
 */
const root = decodeURIComponent(new URL('../../../../../', import.meta.url).pathname);
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
const REFUSAL = "Build React Query keys in the app's api/query-keys.ts, not as a literal array here.";

async function keyErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}apps/web/src/${file}` });
  return result!.messages.map((message) => message.message);
}

describe('React Query keys come only from the key factories', { timeout: 120_000 }, () => {
  it('refuses a literal array as a queryKey, even `as const`', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "export const useTrends = () => useQuery({ queryKey: ['social', 'trends'], queryFn: () => [] });",
      "export const useFriends = () => useQuery({ queryKey: ['social', 'friends'] as const, queryFn: () => [] });",
    ].join('\n');
    expect(await keyErrors('apps/social/api/get-trends.ts', code)).toEqual([REFUSAL, REFUSAL]);
  });

  it('refuses a literal array in a query client call, in the app and in the shell alike', async () => {
    const code = [
      "import type { QueryClient } from '@tanstack/react-query';",
      "export const forget = (client: QueryClient) => client.removeQueries({ queryKey: ['taberna', 'product'] });",
      "export const peek = (client: QueryClient) => client.getQueryData(['taberna', 'cart']);",
      "export const write = (client: QueryClient) => client.setQueryData(['account'] as const, null);",
    ].join('\n');
    expect(await keyErrors('apps/taberna/pages/cart-page.tsx', code)).toEqual([REFUSAL, REFUSAL, REFUSAL]);
    expect(await keyErrors('shared/auth/logout.ts', code)).toEqual([REFUSAL, REFUSAL, REFUSAL]);
  });

  it('accepts keys from the factory, and literal arrays inside a query-keys.ts', async () => {
    const use = [
      "import { useQuery, type QueryClient } from '@tanstack/react-query';",
      "import { postKey, trendsKey } from './query-keys';",
      'export const useTrends = () => useQuery({ queryKey: trendsKey, queryFn: () => [] });',
      "export const forget = (client: QueryClient) => client.removeQueries({ queryKey: postKey('1') });",
      "export const peek = (client: QueryClient) => client.getQueryData(postKey('1'));",
    ].join('\n');
    expect(await keyErrors('apps/social/api/get-trends.ts', use)).toEqual([]);
    const factory = "export const trendsKey = ['social', 'trends'] as const;\nexport const queryKey = ['x'];";
    expect(await keyErrors('apps/social/api/query-keys.ts', factory)).toEqual([]);
  });
});
