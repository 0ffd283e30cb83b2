import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, friendships, socialProfiles } from '../db/schema/index.js';
import { likeLiteral, likePattern } from '../db/like.js';
import { notBlockedBetween, viewerBlocks, viewerMutes } from '../db/relations.js';

/** How close a name must be to the query to count as a typo of it ("brno" → "Bruno" is 0.375). */
export const PEOPLE_TYPO_SIMILARITY = 0.3;

export const profileColumns = {
  id: socialProfiles.id,
  accountId: socialProfiles.accountId,
  slug: socialProfiles.slug,
  avatar: socialProfiles.avatar,
  friendsCount: socialProfiles.friendsCount,
  postsCount: socialProfiles.postsCount,
  visiblePostsCount: socialProfiles.visiblePostsCount,
  publicPostsCount: socialProfiles.publicPostsCount,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  username: accounts.username,
  email: accounts.email,
};

export type ProfileRow = {
  id: number;
  accountId: number;
  slug: string;
  avatar: string | null;
  friendsCount: number;
  postsCount: number;
  visiblePostsCount: number;
  publicPostsCount: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  /** Issue 27: read where a profile's own page needs them (not in lists). */
  bio?: string;
  header?: string | null;
};

/** A profile with what its own page shows (issue 27). */
const profileDetailColumns = { ...profileColumns, bio: socialProfiles.bio, header: socialProfiles.header };

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  slug: string;
  avatar: string | null;
  /** Issue 27: unchanged when undefined (clients that do not send them). */
  bio?: string;
  header?: string | null;
}

/** Profiles with the names, username and email of their account (the account holds those). */
export function selectProfiles(db: Executor) {
  return db.select(profileColumns).from(socialProfiles).innerJoin(accounts, eq(accounts.id, socialProfiles.accountId));
}

export function createProfilesRepository(db: Executor) {
  return {
    async findByAccount(accountId: number): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select(profileDetailColumns)
        .from(socialProfiles)
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(eq(socialProfiles.accountId, accountId));
      return row;
    },

    /** The profile with this slug, unless it and the reader blocked each other (issue 27: then it is not there). */
    async findBySlug(slug: string, viewerId: number | null = null): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select(profileDetailColumns)
        .from(socialProfiles)
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(socialProfiles.slug, slug), notBlockedBetween(viewerId, socialProfiles.id)));
      return row;
    },

    /** A profile as its page shows it to a reader (issue 27): undefined when either blocked the other. */
    async detailBySlug(
      slug: string,
      viewerId: number | null,
    ): Promise<(ProfileRow & { bio: string; header: string | null; blocked: boolean; muted: boolean }) | undefined> {
      const [row] = await db
        .select({ ...profileDetailColumns, blocked: viewerBlocks(viewerId), muted: viewerMutes(viewerId) })
        .from(socialProfiles)
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(socialProfiles.slug, slug), notBlockedBetween(viewerId, socialProfiles.id)));
      return row;
    },

    async slugTaken(slug: string, exceptProfileId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: socialProfiles.id })
        .from(socialProfiles)
        .where(and(eq(socialProfiles.slug, slug), ne(socialProfiles.id, exceptProfileId)));
      return row !== undefined;
    },

    async emailTaken(email: string, exceptAccountId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = lower(${email})`, ne(accounts.id, exceptAccountId)));
      return row !== undefined;
    },

    async usernameTaken(username: string, exceptAccountId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.username}) = lower(${username})`, ne(accounts.id, exceptAccountId)));
      return row !== undefined;
    },

    /** Edit profile (contract §4.7): the account's names, username and email follow the profile. */
    async update(profile: ProfileRow, changes: ProfileChanges): Promise<void> {
      await db
        .update(accounts)
        .set({ firstName: changes.firstName, lastName: changes.lastName, username: changes.username, email: changes.email })
        .where(eq(accounts.id, profile.accountId));
      await db
        .update(socialProfiles)
        .set({ slug: changes.slug, avatar: changes.avatar, bio: changes.bio, header: changes.header })
        .where(eq(socialProfiles.id, profile.id));
    },

    async setAvatar(profileId: number, avatar: string): Promise<void> {
      await db.update(socialProfiles).set({ avatar }).where(eq(socialProfiles.id, profileId));
    },

    /**
     * People by name or username: a part of it ("ana" finds "Anastasia"), or a typo of it ("brno"
     * finds "Bruno", by trigram similarity as the shop's search). Closest first: exact and partial
     * matches, then the most similar. Issue 24: both from the names' trigram index; the typos are
     * looked for only when the partial matches do not fill the list (they would rank below all of
     * them), with `%` (the similarity threshold of an expensive read: `core/expensive-reads.ts`).
     */
    async search(text: string, limit: number, viewerId: number | null = null): Promise<ProfileRow[]> {
      const pattern = likePattern(text);
      const fullName = sql`(${accounts.firstName} || ' ' || ${accounts.lastName})`;
      const contains = sql`(${accounts.firstName} ilike ${pattern} or ${accounts.lastName} ilike ${pattern}
        or ${accounts.username} ilike ${pattern} or ${fullName} ilike ${pattern})`;
      // Whole-name similarity: a typo of a name, not a shared prefix ("brno" is close to "Bruno", not "Brookfield").
      const closeness = sql`greatest(similarity(${text}::text, ${accounts.firstName}), similarity(${text}::text, ${accounts.lastName}),
        similarity(${text}::text, ${accounts.username}), similarity(${text}::text, ${fullName}))`;
      const similar = sql`(${accounts.firstName} % ${text}::text or ${accounts.lastName} % ${text}::text
        or ${accounts.username} % ${text}::text or ${fullName} % ${text}::text)`;
      // Issue 27: nobody the reader blocked or is blocked by (muted people can still be found, to unmute them).
      const notBlocked = notBlockedBetween(viewerId, socialProfiles.id);
      const partial = await selectProfiles(db)
        .where(sql`${contains} and ${notBlocked}`)
        .orderBy(sql`${closeness} desc`, socialProfiles.id)
        .limit(limit);
      if (partial.length === limit) return partial;
      const typos = await selectProfiles(db)
        .where(sql`${similar} and ${closeness} >= ${PEOPLE_TYPO_SIMILARITY} and not ${contains} and ${notBlocked}`)
        .orderBy(sql`${closeness} desc`, socialProfiles.id)
        .limit(limit - partial.length);
      return [...partial, ...typos];
    },

    /**
     * Issue 27: people to mention, as `@` and `text` are typed: those whose slug, username, first or
     * last name starts with it (four prefix indexes, a few candidates each), the viewer's friends
     * first, then the best connected; never the viewer nor anyone either blocked. Without text: the
     * viewer's friends, the latest friendship first.
     */
    mentionCandidates(viewerId: number, text: string, limit: number): Promise<ProfileRow[]> {
      const notMe = sql`${socialProfiles.id} <> ${viewerId} and ${notBlockedBetween(viewerId, socialProfiles.id)}`;
      if (text === '') {
        return selectProfiles(db)
          .innerJoin(friendships, and(eq(friendships.friendId, socialProfiles.id), eq(friendships.profileId, viewerId)))
          .where(notMe)
          .orderBy(desc(friendships.createdAt), socialProfiles.id)
          .limit(limit);
      }
      const prefix = `${likeLiteral(text.toLowerCase())}%`;
      const room = limit * 5;
      const candidates = sql`(
        (select p.id from ${socialProfiles} p where p.slug like ${prefix} limit ${room})
        union (select p.id from ${socialProfiles} p join ${accounts} a on a.id = p.account_id where lower(a.username) like ${prefix} limit ${room})
        union (select p.id from ${socialProfiles} p join ${accounts} a on a.id = p.account_id where lower(a.first_name) like ${prefix} limit ${room})
        union (select p.id from ${socialProfiles} p join ${accounts} a on a.id = p.account_id where lower(a.last_name) like ${prefix} limit ${room}))`;
      const isFriend = sql`exists (select 1 from ${friendships} f where f.profile_id = ${viewerId} and f.friend_id = ${socialProfiles.id})`;
      return selectProfiles(db)
        .where(sql`${socialProfiles.id} in ${candidates} and ${notMe}`)
        .orderBy(sql`${isFriend} desc`, desc(socialProfiles.friendsCount), socialProfiles.id)
        .limit(limit);
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
