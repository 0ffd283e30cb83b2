import { createAccountsRepository } from '../auth/accounts.repository.js';
import { hashPassword } from '../auth/password-hash.js';
import type { SeedStep } from './seed-runner.js';

/** Shown in the README; every demo person uses this password. */
export const DEMO_PASSWORD = 'portal-demo-2026';

export const DEMO_PEOPLE = [
  { email: 'alice@example.com', username: 'alice', firstName: 'Alice', lastName: 'Martin', slug: 'alice-martin' },
  { email: 'bruno@example.com', username: 'bruno', firstName: 'Bruno', lastName: 'Costa', slug: 'bruno-costa' },
];

export const demoAccountsStep: SeedStep = {
  name: 'demo-accounts',
  demo: true,
  async run(db) {
    const repo = createAccountsRepository(db);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const person of DEMO_PEOPLE) {
      if (await repo.findByEmail(person.email)) continue;
      const { slug, ...names } = person;
      const account = await repo.insert({ ...names, passwordHash, isActive: true });
      await repo.insertSocialProfile(account.id, slug);
      await repo.insertTabernaProfile(account.id);
    }
  },
};

/** Issue 15: the demo's back-office login (role owner), added once also to databases seeded before it. */
export const DEMO_STAFF = {
  email: 'staff@example.com',
  username: 'staff',
  firstName: 'Sam',
  lastName: 'Staff',
  slug: 'sam-staff',
};

export const demoStaffStep: SeedStep = {
  name: 'demo-staff',
  demo: true,
  async run(db) {
    const repo = createAccountsRepository(db);
    if (await repo.findByEmail(DEMO_STAFF.email)) return;
    const { slug, ...names } = DEMO_STAFF;
    const account = await repo.insert({
      ...names,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isActive: true,
      role: 'owner',
    });
    await repo.insertSocialProfile(account.id, slug);
    await repo.insertTabernaProfile(account.id);
  },
};
