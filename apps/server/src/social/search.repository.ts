import { SEARCH_MATCH_CAP } from '@portal/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { PLAN_FOR_PARAMETERS, type Executor } from '../db/client.js';
import { posts, searchWords } from '../db/schema/index.js';
import { likePattern } from '../db/like.js';
import { selectPostsWithAuthors, visibleToMany, type PostWithAuthor } from './posts.repository.js';

/** How close a word of a post must be to a word typed to count as a typo of it ("sunyy" finds "sunny"). */
export const POST_TYPO_SIMILARITY = 0.5;

/**
 * How many of a tier's matches, the newest, are ranked by relevance; the older ones (up to the cap,
 * which they count towards) follow them, newest first. Issue 24: ranking costs a word similarity
 * with each post's text, and a common word at 100× ranked a thousand (half of the search's time).
 */
export const SEARCH_RANKED_MATCHES = 300;

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
 * matches as a prefix. Read on its own (a fraction of a millisecond), so the tier that uses it is
 * planned for the query it is: inside that statement PostgreSQL could not see it, guessed a few
 * hundred matches for a common word and read all of its 10,000 (issue 24).
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
 * A post a tier found: its id, its creation in microseconds since 1970 (exact as a number until
 * the year 2255), and its rank (null past the newest {@link SEARCH_RANKED_MATCHES} of its tier).
 */
interface Candidate {
  id: string;
  at: number;
  rank: number | null;
}

/** Newest first, as `order by created_at desc, id desc` (uuids compare as their lowercase text). */
const newestFirst = (a: Candidate, b: Candidate) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Best match first, the unranked last; newest first among equals. */
const bestFirst = (a: Candidate, b: Candidate) =>
  (a.rank === null ? (b.rank === null ? 0 : 1) : b.rank === null ? -1 : b.rank - a.rank) || newestFirst(a, b);

/**
 * Posts matching a text, in tiers, each only while the ones before found fewer than the cap, each
 * on an index: the words (full text: English stemming, websearch syntax, GIN), then parts of words
 * and other languages (a substring, on the trigram index), then typos (the words of the dictionary
 * close to the typed ones, then those by full text). The newest matches up to the cap are counted,
 * and the newest {@link SEARCH_RANKED_MATCHES} of each tier ranked as before (exact and full-text
 * matches above parts, parts above typos); the older ones follow them, newest first.
 *
 * One statement per tier (the typos two: their corrections, then the posts), run only while needed:
 * a common word costs one statement. Each is planned for what was typed ({@link PLAN_FOR_PARAMETERS}):
 * a substring found in a few posts reads them by the trigram index, one found in most reads the
 * newest posts by date.
 */
function tier(text: string, viewerId: number | null, where: SQL, excluded: string[]): SQL {
  const words = sql`websearch_to_tsquery('english', ${text}::text)`;
  const pattern = likePattern(text);
  // One array parameter (Drizzle writes a JS array as a list of parameters).
  const notYet = excluded.length > 0 ? sql` and not (${posts.id} = any(${`{${excluded.join(',')}}`}::uuid[]))` : sql``;
  return sql`${sql.raw(PLAN_FOR_PARAMETERS)} select p.id, (extract(epoch from p.created_at) * 1000000)::float8 as at,
      case when p.newest <= ${SEARCH_RANKED_MATCHES}::int
        then ts_rank(p.search, ${words}) * 2 + (p.body ilike ${pattern})::int + word_similarity(${text}::text, coalesce(p.body, '')) end as rank
    from (select ${posts.id} as id, ${posts.createdAt} as created_at, ${posts.search} as search, ${posts.body} as body,
            row_number() over (order by ${posts.createdAt} desc, ${posts.id} desc) as newest
          from ${posts}
          where ${visibleToMany(viewerId)} and ${where}${notYet}
          order by ${posts.createdAt} desc, ${posts.id} desc limit ${SEARCH_MATCH_CAP + 1}::int) p`;
}

/** The tiers' conditions, in order; undefined when a tier has nothing to look for (no word has a correction). */
const tiers = (db: Executor, text: string): (() => Promise<SQL | undefined>)[] => [
  async () => sql`${posts.search} @@ websearch_to_tsquery('english', ${text}::text)`,
  async () => sql`${posts.body} ilike ${likePattern(text)}`,
  async () => {
    const [row] = (
      (await db.execute(sql`select ${correctedQuery(text)}::text as query`)) as unknown as {
        rows: { query: string | null }[];
      }
    ).rows;
    return row?.query ? sql`${posts.search} @@ ${row.query}::tsquery` : undefined;
  },
];

export function createSearchRepository(db: Executor) {
  return {
    /**
     * A page of the visible posts matching the text, best match first (newest first among
     * equals), and how many matched; none of people the reader blocked, muted or is blocked by
     * (issue 27). One to four statements for the tiers (ranked here), then one for the page's posts.
     */
    async posts(text: string, viewerId: number | null, window: { limit: number; offset: number }): Promise<SearchMatches> {
      const cap = SEARCH_MATCH_CAP + 1;
      const matched: Candidate[] = [];
      for (const condition of tiers(db, text)) {
        if (matched.length >= cap) break;
        const where = await condition();
        if (!where) continue;
        const excluded = matched.map((row) => row.id);
        matched.push(...((await db.execute(tier(text, viewerId, where, excluded))) as unknown as { rows: Candidate[] }).rows);
      }
      const candidates = matched.sort(newestFirst).slice(0, cap);
      const ranked = candidates.sort(bestFirst).slice(window.offset, window.offset + window.limit);
      const total = candidates.length;
      const ids = ranked.map((row) => row.id);
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
