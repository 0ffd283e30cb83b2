import { randomUUID } from 'node:crypto';
import { AVATAR_LIMITS, editProfileRequestSchema, PROFILE_LIMITS, SOCIAL_MESSAGES, type ProfileDetail } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Invalid, TooLarge } from '../core/domain-errors.js';
import { zodFieldErrors } from '../core/error-handler.js';
import { IMAGE_FORMATS, ImageRejected, processImage } from '../core/images/image-processing.js';
import { profileSlug } from '../core/slugify.js';
import { uniqueViolation } from '../db/errors.js';
import { USERNAME_PATTERN } from '../auth/index.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { FormFile, ParsedForm } from './form-parts.js';
import { serializeOwnProfile } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';

const USERNAME_INVALID = 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';

/** Edit profile failures, in contract §4.7's words. */
const profileFailure = (message: string, fields?: Record<string, string[]>) => new Invalid(message, { fields });

/** The two pictures of a profile: where they are kept, how large they may be, how they are named in errors. */
const PICTURES = {
  avatar: {
    folder: 'avatars',
    label: 'Avatar',
    maxBytes: AVATAR_LIMITS.maxBytes,
    maxPixels: AVATAR_LIMITS.maxPixels,
    maxDimension: 512,
  },
  header: {
    folder: 'headers',
    label: 'Header',
    maxBytes: PROFILE_LIMITS.maxHeaderBytes,
    maxPixels: PROFILE_LIMITS.maxHeaderPixels,
    maxDimension: 1500,
  },
} as const;

/** Checks, re-encodes and stores a profile picture under a fresh key; answers the key. */
async function storePicture(media: MediaStorage, kind: keyof typeof PICTURES, file: FormFile): Promise<string> {
  const { folder, label, maxBytes, maxPixels, maxDimension } = PICTURES[kind];
  if (file.data.length > maxBytes) throw new TooLarge(`${label}: The picture is larger than ${maxBytes / 1024 / 1024} MB.`);
  try {
    const image = await processImage(file.data, { formats: IMAGE_FORMATS, maxBytes, maxPixels, maxDimension });
    const key = `social/${folder}/${randomUUID()}.${image.extension}`;
    await media.put(key, image.data, image.contentType);
    return key;
  } catch (error) {
    if (error instanceof ImageRejected) throw profileFailure(`${label}: ${error.message}`);
    throw error;
  }
}

/** Issue 27: the bio as sent (undefined when left out: clients that know nothing of it keep it), at most 500 characters. */
function readBio(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bio = value.trim();
  if (bio.length > PROFILE_LIMITS.maxBioLength) {
    throw profileFailure(SOCIAL_MESSAGES.invalidForm, {
      bio: [`Ensure this field has no more than ${PROFILE_LIMITS.maxBioLength} characters.`],
    });
  }
  return bio;
}

/** The caller's own profile: read (with its email) and edited. */
export function createProfileEditService({ db, media, log }: Pick<Deps, 'db' | 'media' | 'log'>) {
  const profiles = createProfilesRepository(db);

  async function slugFor(profile: ProfileRow, firstName: string, lastName: string, username: string): Promise<string> {
    if (firstName === profile.firstName && lastName === profile.lastName) return profile.slug;
    return profileSlug({ firstName, lastName, username }, (slug) => profiles.slugTaken(slug, profile.id));
  }

  return {
    /** `/me/`: the one place a profile's email is sent; with the bio and header (read with the session, or looked up). */
    async own(profile: ProfileRow): Promise<ProfileDetail> {
      const full = profile.bio === undefined ? ((await profiles.findByAccount(profile.accountId)) ?? profile) : profile;
      return serializeOwnProfile(full, media);
    },

    /**
     * Contract §4.7: names, username, email and an optional avatar; the slug follows the names.
     * Issue 27: a `bio` and a `header` picture too (`remove_header=true` takes it away).
     */
    async editProfile(
      profile: ProfileRow,
      form: ParsedForm,
    ): Promise<{ slug: string; avatarUrl: string | null; headerUrl: string | null }> {
      const parsed = editProfileRequestSchema.safeParse(form.fields);
      if (!parsed.success) throw profileFailure(SOCIAL_MESSAGES.invalidForm, zodFieldErrors(parsed.error.issues));
      const input = parsed.data;
      if (!USERNAME_PATTERN.test(input.username)) {
        throw profileFailure(SOCIAL_MESSAGES.invalidForm, { username: [USERNAME_INVALID] });
      }
      if (await profiles.emailTaken(input.email, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
      if (await profiles.usernameTaken(input.username, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);

      const bio = readBio(form.fields.bio);
      const current = profile.bio === undefined ? await profiles.findByAccount(profile.accountId) : profile;
      const oldHeader = current?.header ?? null;
      const avatarFile = form.files.find((file) => file.field === 'avatar');
      const headerFile = form.files.find((file) => file.field === 'header');
      const avatar = avatarFile ? await storePicture(media, 'avatar', avatarFile) : profile.avatar;
      let header = form.fields.remove_header === 'true' ? null : oldHeader;
      try {
        if (headerFile) header = await storePicture(media, 'header', headerFile);
      } catch (error) {
        if (avatar && avatar !== profile.avatar) await media.delete(avatar);
        throw error;
      }
      const slug = await slugFor(profile, input.first_name, input.last_name, input.username);
      try {
        await db.transaction(async (tx) =>
          createProfilesRepository(tx).update(profile, {
            firstName: input.first_name,
            lastName: input.last_name,
            username: input.username,
            email: input.email,
            slug,
            avatar,
            bio,
            header,
          }),
        );
      } catch (error) {
        if (avatar && avatar !== profile.avatar) await media.delete(avatar);
        if (header && header !== oldHeader) await media.delete(header);
        const constraint = uniqueViolation(error);
        if (constraint?.includes('email')) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
        if (constraint?.includes('username')) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);
        if (constraint?.includes('slug')) throw profileFailure('Please try again: someone just took that name.');
        throw error;
      }
      for (const [old, now] of [
        [profile.avatar, avatar],
        [oldHeader, header],
      ] as const) {
        if (old && now !== old) {
          await media.delete(old).catch((error: unknown) => log.warn({ err: error }, 'could not delete an old profile picture'));
        }
      }
      return { slug, avatarUrl: avatar ? media.url(avatar) : null, headerUrl: header ? media.url(header) : null };
    },
  };
}

export type ProfileEditService = ReturnType<typeof createProfileEditService>;
