import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClientRoutes, patternOf } from './client-routes.js';

describe('patternOf', () => {
  it('reads react-router patterns: fixed segments, parameters, optional ones and the rest', () => {
    expect(patternOf('/social/profile/:slug').test('/social/profile/ana-1')).toBe(true);
    expect(patternOf('/social/profile/:slug').test('/social/profile/ana-1/')).toBe(true);
    expect(patternOf('/social/profile/:slug').test('/social/profile')).toBe(false);
    expect(patternOf('/social/profile/:slug').test('/social/profile/a/b')).toBe(false);
    expect(patternOf('/posts/:id?').test('/posts')).toBe(true);
    expect(patternOf('/backoffice/*').test('/backoffice/orders/3')).toBe(true);
    expect(patternOf('/').test('/')).toBe(true);
    expect(patternOf('/taberna').test('/Taberna')).toBe(true);
    expect(patternOf('/a.b').test('/axb')).toBe(false);
  });
});

describe('loadClientRoutes', () => {
  it("knows the build's pages, and every path is a page without the file", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'routes-'));
    try {
      expect(loadClientRoutes(dir)).toBeUndefined();
      await fs.writeFile(path.join(dir, 'routes.json'), JSON.stringify(['/', '/taberna', '/social/profile/:slug']));
      const isPage = loadClientRoutes(dir)!;
      expect(isPage('/taberna')).toBe(true);
      expect(isPage('/social/profile/r%C3%B3sa')).toBe(true);
      expect(isPage('/no-such-page')).toBe(false);
      expect(isPage('/%E0%A4%A')).toBe(false);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
