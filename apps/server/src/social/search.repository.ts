import { SEARCH_MATCH_CAP } from '@portal/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { posts, searchWords } from '../db/schema/index.js';
import { likePattern } from '../db/like.js';
import { listedFor } from '../db/relations.js';
import { selectPostsWithAuthors, visibleTo, type PostWithAuthor } from './posts.repository.js';

/** How close a word of a post must be to a word typed to count as a typo of it ("sunyy" finds "sunny"). */
export const POST_TYPO_SIMILARITY = 0.5;

/** The most words of the dictionary one typed word may stand for. */
const ALTERNATIVES_PER_WORD = 20;

export interface SearchMatches {
  /** How many posts matched, at most {@link SEARCH_MATCH_CAP}. */
  total: number;
  /** More than {@link SEARCH_MATCH_CAP} posts matched. */
  capped: boolean;
  /** The requested page, best match first. */
  posts: PostWithAuthor[];
}

/**
 * The words of a text that the dictionary can correct, each replaced by the words of posts close
 * to it (`<%`: word similarity on the dictionary's trigram index), as one full-text query that
 * needs each typed word (by one of its corrections); null when a word has none. The dictionary holds
 * the letters of words only, the full-text index whole tokens ("zebrafish2" is one): a correction
 * matches as a prefix.
 */
function correctedQuery(text: string): SQL {
  const typed = sql`(select distinct w as word from regexp_split_to_table(lower(${text}::text), '[^[:alpha:]]+') w
    where length(w) between 3 and 40)`;
  return sql`(select case when count(*) = (select count(*) from ${typed} t) and count(*) > 0
      then to_tsquery('english', string_agg('(' || alternatives || ')', ' & ')) end
    from (select t.word, string_agg(d.word || ':*', ' | ') as alternatives
          from ${typed} t
          cross join lateral (select ${searchWords.word} as word from ${searchWords}
                              where t.word <% ${searchWords.word}
                                and word_similarity(t.word, ${searchWords.word}) >= ${POST_TYPO_SIMILARITY}
                              order by word_similarity(t.word, ${searchWords.word}) desc, ${searchWords.word}
                              limit ${ALTERNATIVES_PER_WORD}::int) d
          group by t.word) corrected)`;
}

/**
 * Posts matching a text, in tiers, each only while the ones before found fewer than the cap, each
 * on an index: the words (full text: English stemming, websearch syntax, GIN), then parts of words
 * and other languages (a substring, on the trigram index), then typos (the words of the dictionary
 * close to the typed ones, then those by full text). The newest matches up to the cap are ranked
 * as before: exact and full-text matches above parts, parts above typos.
 */
function matches(text: string, viewerId: number | null, limit: number, offset: number): SQL {
  const words = sql`websearch_to_tsquery('english', ${text}::text)`;
  const pattern = likePattern(text);
  const cap = SEARCH_MATCH_CAP + 1;
  const tier = (name: string, where: SQL, before: string[]) => {
    const earlier = before.map((table) => sql.raw(`(select count(*) from ${table})`));
    const stillShort = before.length > 0 ? sql`${sql.join(earlier, sql` + `)} < ${cap}::int and ` : sql``;
    const notYet = before.map((table) => sql.raw(` and ${'social_posts'}.id not in (select id from ${table})`));
    return sql`${sql.raw(name)} as materialized (
      select ${posts.id} as id, ${posts.createdAt} as created_at, ${posts.search} as search, ${posts.body} as body from ${posts}
      where ${stillShort}${visibleTo(viewerId)} and ${listedFor(viewerId, posts.createdById)} and ${where}${sql.join(notYet, sql``)}
      order by ${posts.createdAt} desc, ${posts.id} desc limit ${cap}::int)`;
  };
  return sql`with ${tier('exact', sql`${posts.search} @@ ${words}`, [])},
    ${tier('part', sql`${posts.body} ilike ${pattern}`, ['exact'])},
    ${tier('typo', sql`${posts.search} @@ ${correctedQuery(text)}`, ['exact', 'part'])},
    candidates as (
      select * from exact union all select * from part union all select * from typo
      order by created_at desc, id desc limit ${cap}::int)
    select t.total, r.id
    from (select count(*)::int as total from candidates) t
    left join lateral (
      select c.id, c.created_at, ts_rank(c.search, ${words}) * 2 + (c.body ilike ${pattern})::int
               + word_similarity(${text}::text, coalesce(c.body, '')) as rank
      from candidates c
      order by rank desc, c.created_at desc, c.id desc
      limit ${limit}::int offset ${offset}::int) r on true
    order by r.rank desc, r.created_at desc, r.id desc`;
}

export function createSearchRepository(db: Executor) {
  return {
    /**
     * A page of the visible posts matching the text, best match first (newest first among
     * equals), and how many matched; none of people the reader blocked, muted or is blocked by
     * (issue 27). Two statements: the ranking, then the page's posts.
     */
    async posts(text: string, viewerId: number | null, window: { limit: number; offset: number }): Promise<SearchMatches> {
      const ranked = (
        (await db.execute(matches(text, viewerId, window.limit, window.offset))) as unknown as {
          rows: { id: string | null; total: number }[];
        }
      ).rows;
      const total = ranked[0]?.total ?? 0;
      const ids = ranked.flatMap((row) => (row.id === null ? [] : [row.id]));
      const found = ids.length === 0 ? [] : await selectPostsWithAuthors(db, viewerId).where(inArray(posts.id, ids));
      const byId = new Map(found.map((row) => [row.id, row]));
      return {
        total: Math.min(total, SEARCH_MATCH_CAP),
        capped: total > SEARCH_MATCH_CAP,
        posts: ids.flatMap((id) => byId.get(id) ?? []),
      };
    },
  };
}
