import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileSlug, slugify } from './slugify.js';

describe('slugify', () => {
  it('makes readable ASCII slugs', () => {
    expect(slugify('Zoë  O’Brien')).toBe('zoe-obrien');
    expect(slugify('  Jean-Luc Picard ')).toBe('jean-luc-picard');
    expect(slugify('東京')).toBe('');
    expect(slugify('a'.repeat(150), 100)).toHaveLength(100);
  });

  it('always yields only lower-case letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});

describe('profileSlug', () => {
  const none = async () => false;

  it('follows the names, else the username, else "member"', async () => {
    expect(await profileSlug({ firstName: 'Zoë', lastName: 'O’Brien', username: 'zoe' }, none)).toBe('zoe-obrien');
    expect(await profileSlug({ firstName: '李', lastName: '王', username: 'li.wang' }, none)).toBe('li-wang');
    expect(await profileSlug({ firstName: '李', lastName: '王', username: '__' }, none)).toBe('member');
  });

  it('adds a random suffix to a slug that is taken, until it is free', async () => {
    const taken = new Set(['ana-lopez']);
    const slug = await profileSlug({ firstName: 'Ana', lastName: 'López', username: 'ana' }, async (s) => taken.has(s));
    expect(slug).toMatch(/^ana-lopez-[0-9a-f]{8}$/);
  });

  it.each(['edit', 'suggested', 'request'])('never gives the reserved slug %s, which names another page', async (word) => {
    const slug = await profileSlug({ firstName: '李', lastName: '王', username: word }, none);
    expect(slug).toMatch(new RegExp(`^${word}-[0-9a-f]{8}$`));
  });
});
