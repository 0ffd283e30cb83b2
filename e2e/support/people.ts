import { randomBytes } from 'node:crypto';

export const DEMO = { email: 'alice@example.com', password: 'portal-demo-2026', slug: 'alice-martin' };

export function newPerson() {
  const tag = randomBytes(4).toString('hex');
  return {
    first: 'Marta',
    last: `Quinn${tag.slice(0, 3)}`,
    username: `marta_${tag}`,
    email: `marta.${tag}@example.com`,
    password: 'copper-kettle-2026',
  };
}
