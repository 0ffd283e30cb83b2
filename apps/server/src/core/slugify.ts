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
