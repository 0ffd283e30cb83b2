import type { Profile, ProfileDetail } from '@portal/contracts';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { ProfileRow } from './profiles.repository.js';

/** "First Last", as every profile and notification shows a person. */
export const fullNameOf = (row: Pick<ProfileRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();

/** The person behind a notification. */
export const actorOf = (row: ProfileRow) => ({ id: row.id, fullName: fullNameOf(row) });

/**
 * Contract §2 "Profile": the social profile id (not the account id), absolute avatar URL or null.
 * Deviation 12: `email` is an empty string (the key stays for clients); only the caller's own
 * profile (`serializeOwnProfile`) carries it.
 */
export function serializeProfile(row: ProfileRow, media: MediaStorage): Profile {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    email: '',
    slug: row.slug,
    avatar_url: row.avatar ? media.url(row.avatar) : null,
    friends_count: row.friendsCount,
    posts_count: row.postsCount,
    full_name: fullNameOf(row),
  };
}

/** The caller's own profile (`/me/`): the one place a profile's email is sent. */
export function serializeOwnProfile(row: ProfileRow & ProfileExtras, media: MediaStorage): ProfileDetail {
  return { ...serializeProfileDetail(row, media), email: row.email, blocked: false, muted: false };
}

/** What a profile's own page shows beyond the contract's Profile (issue 27). */
export interface ProfileExtras {
  bio?: string | null;
  header?: string | null;
  blocked?: boolean;
  muted?: boolean;
}

/** A profile as its page shows it (issue 27): with the bio, the header and the reader's block and mute. */
export function serializeProfileDetail(row: ProfileRow & ProfileExtras, media: MediaStorage): ProfileDetail {
  return {
    ...serializeProfile(row, media),
    bio: row.bio ?? '',
    header_url: row.header ? media.url(row.header) : null,
    blocked: row.blocked ?? false,
    muted: row.muted ?? false,
  };
}
