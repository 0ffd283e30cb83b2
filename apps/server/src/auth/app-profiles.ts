import { profileSlug } from '../core/slugify.js';
import type { AccountsRepository, AppProfileKind } from './accounts.repository.js';

export interface ProfileNames {
  firstName: string;
  lastName: string;
  username: string;
}

/** Gives an account its profile in one app: social profiles get a slug made from the names. */
export async function addAppProfile(repo: AccountsRepository, kind: AppProfileKind, accountId: number, names: ProfileNames) {
  if (kind === 'social') await repo.insertSocialProfile(accountId, await profileSlug(names, (slug) => repo.slugTaken(slug)));
  else await repo.insertTabernaProfile(accountId);
}

export const PROFILE_CREATED = { social: 'social_profile_created', taberna: 'taberna_profile_created' } as const;
