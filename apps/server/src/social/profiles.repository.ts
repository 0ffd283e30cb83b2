import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, socialProfiles } from '../db/schema/index.js';

export const profileColumns = {
  id: socialProfiles.id,
  slug: socialProfiles.slug,
  avatar: socialProfiles.avatar,
  friendsCount: socialProfiles.friendsCount,
  postsCount: socialProfiles.postsCount,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  username: accounts.username,
  email: accounts.email,
};

export type ProfileRow = {
  id: number;
  slug: string;
  avatar: string | null;
  friendsCount: number;
  postsCount: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
};

export function createProfilesRepository(db: Executor) {
  return {
    async findByAccount(accountId: number): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select(profileColumns)
        .from(socialProfiles)
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(eq(socialProfiles.accountId, accountId));
      return row;
    },
  };
}
