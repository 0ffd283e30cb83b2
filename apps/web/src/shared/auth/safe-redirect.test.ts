import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps paths of this site and refuses anything else', () => {
    expect(safeRedirect('/taberna/dashboard?x=1', '/taberna')).toBe('/taberna/dashboard?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirect(bad, '/taberna')).toBe('/taberna');
    }
  });
});
