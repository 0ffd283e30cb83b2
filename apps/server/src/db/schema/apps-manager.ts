import { integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** An app listed on the landing page (contract §2 "Project", category slug `vuejs`). */
export const projects = pgTable(
  'projects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: 100 }).notNull(),
    slug: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    category: varchar({ length: 50 }).notNull().default('vuejs'),
    photo: varchar({ length: 300 }),
    githubUrl: varchar('github_url', { length: 300 }).notNull().default(''),
    viewUrl: varchar('view_url', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_slug_key').on(t.slug)],
);
