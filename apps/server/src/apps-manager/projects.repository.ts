import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
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

    /** Typo-tolerant: the title or description contains the text, or a spelling of it is close to a word of them. */
    findFuzzy(category: string, text: string, spellings: string[], limit: number): Promise<ProjectRow[]> {
      const pattern = likePattern(text);
      const greatest = (similarity: (spelling: string) => SQL) => sql`greatest(${sql.join(spellings.map(similarity), sql`, `)})`;
      const titleSimilarity = greatest((spelling) => sql`word_similarity(${spelling}, ${projects.title})`);
      const descriptionSimilarity = greatest((spelling) => sql`strict_word_similarity(${spelling}, ${projects.description})`);
      return db
        .select()
        .from(projects)
        .where(
          and(
            eq(projects.category, category),
            or(
              ilike(projects.title, pattern),
              ilike(projects.description, pattern),
              sql`${titleSimilarity} >= 0.4`,
              sql`${descriptionSimilarity} >= 0.5`,
            ),
          ),
        )
        .orderBy(
          desc(sql`(${projects.title} ilike ${pattern})::int + ${titleSimilarity} + 0.5 * ${descriptionSimilarity}`),
          ...newestFirst,
        )
        .limit(limit);
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
