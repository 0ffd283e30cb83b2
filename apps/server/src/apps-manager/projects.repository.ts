import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { projects } from '../db/schema/index.js';
import { likePattern } from '../db/like.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

const newestFirst = [desc(projects.createdAt), desc(projects.id)];

export function createProjectsRepository(db: Executor) {
  return {
    listByCategory(category: string): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(eq(projects.category, category))
        .orderBy(...newestFirst);
    },

    /** Case-insensitive substring match on title or description: the contract's rule for this list. */
    search(category: string, query: string): Promise<ProjectRow[]> {
      const pattern = likePattern(query);
      return db
        .select()
        .from(projects)
        .where(and(eq(projects.category, category), or(ilike(projects.title, pattern), ilike(projects.description, pattern))))
        .orderBy(...newestFirst);
    },

    async findBySlug(category: string, slug: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.category, category), eq(projects.slug, slug)));
      return row;
    },

    async insertMany(rows: NewProject[]): Promise<void> {
      if (rows.length > 0) await db.insert(projects).values(rows).onConflictDoNothing();
    },
  };
}
