// The mutation lane's choice of modules: only those whose code or tests a change touched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesChangedSince, modulesTouchedBy, mutationBase } from './changed-modules.mjs';
import { MODULES } from './modules.mjs';

describe('modulesTouchedBy', () => {
  const names = (changed) => modulesTouchedBy(MODULES, changed).map((module) => module.name);

  it('picks a module when its code or one of its tests changed, and nothing else', () => {
    expect(names(['apps/server/src/taberna/money.ts'])).toEqual(['money']);
    expect(names(['apps/server/src/auth/jwt.test.ts', 'README.md'])).toEqual(['jwt']);
    expect(names(['apps/server/test/taberna-stripe.api.test.ts'])).toEqual(['orders']);
  });

  it('picks none for a change elsewhere (the lane then takes seconds)', () => {
    expect(names([])).toEqual([]);
    expect(names(['docs/testing.md', 'apps/server/src/taberna/money.tsx', 'e2e/specs/social.spec.ts'])).toEqual([]);
  });
});

describe('mutationBase and filesChangedSince', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-base-'));
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = (file, text, message) => {
    fs.writeFileSync(path.join(root, file), text);
    git('add', file);
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  git('init', '-q', '-b', 'main');
  const first = commit('a.txt', 'a', 'first');
  const onMain = commit('b.txt', 'b', 'second');
  git('checkout', '-q', '-b', 'feature');
  commit('c.txt', 'c', 'on the branch');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('on a branch: the merge base with main, so the branch’s own changes', () => {
    const base = mutationBase(root, {});
    expect(base).toBe(onMain);
    expect(filesChangedSince(root, base)).toEqual(['c.txt']);
  });

  it('on main: the first parent, so what the last commit (a merge: the merged branch) changed', () => {
    git('checkout', '-q', 'main');
    expect(mutationBase(root, {})).toBe(first);
    expect(filesChangedSince(root, first)).toEqual(['b.txt']);
    git('checkout', '-q', 'feature');
  });

  it('MUTATION_BASE names the base outright', () => {
    expect(mutationBase(root, { MUTATION_BASE: 'main~1' })).toBe(first);
  });
});
