import { randomBytes } from 'node:crypto';

/** "Zoë  O'Brien" → "zoe-obrien": lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string, maxLength = 100): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/** Slugs that would be read as another page's path (`/social/profile/edit`, `/friends/suggested/`). */
const RESERVED_SLUGS = new Set(['edit', 'suggested', 'request']);

/**
 * A person's profile slug: their names slugified (else the username, else "member"), with a random
 * suffix when that is reserved or `taken`.
 */
export async function profileSlug(
  names: { firstName: string; lastName: string; username: string },
  taken: (slug: string) => Promise<boolean>,
): Promise<string> {
  const base = slugify(`${names.firstName} ${names.lastName}`) || slugify(names.username) || 'member';
  const suffixed = () => `${base}-${randomBytes(4).toString('hex')}`;
  let slug = RESERVED_SLUGS.has(base) ? suffixed() : base;
  while (await taken(slug)) slug = suffixed();
  return slug;
}
