import { randomUUID } from 'node:crypto';
import { AVATAR_LIMITS, editProfileRequestSchema, SOCIAL_MESSAGES, type Profile } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Invalid } from '../core/domain-errors.js';
import { zodFieldErrors } from '../core/error-handler.js';
import { IMAGE_FORMATS, ImageRejected, processImage } from '../core/images/image-processing.js';
import { profileSlug } from '../core/slugify.js';
import { uniqueViolation } from '../db/errors.js';
import { USERNAME_PATTERN } from '../auth/index.js';
import type { ParsedForm } from './form-parts.js';
import { serializeOwnProfile } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';

const USERNAME_INVALID = 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';

/** Edit profile failures, in contract §4.7's words. */
const profileFailure = (message: string, fields?: Record<string, string[]>) => new Invalid(message, { fields });

/** The caller's own profile: read (with its email) and edited. */
export function createProfileEditService({ db, media, log }: Pick<Deps, 'db' | 'media' | 'log'>) {
  const profiles = createProfilesRepository(db);

  async function slugFor(profile: ProfileRow, firstName: string, lastName: string, username: string): Promise<string> {
    if (firstName === profile.firstName && lastName === profile.lastName) return profile.slug;
    return profileSlug({ firstName, lastName, username }, (slug) => profiles.slugTaken(slug, profile.id));
  }

  return {
    /** `/me/`: the one place a profile's email is sent. */
    own: (profile: ProfileRow): Profile => serializeOwnProfile(profile, media),

    /** Contract §4.7: names, username, email and an optional avatar; the slug follows the names. */
    async editProfile(profile: ProfileRow, form: ParsedForm): Promise<{ slug: string; avatarUrl: string | null }> {
      const parsed = editProfileRequestSchema.safeParse(form.fields);
      if (!parsed.success) throw profileFailure(SOCIAL_MESSAGES.invalidForm, zodFieldErrors(parsed.error.issues));
      const input = parsed.data;
      if (!USERNAME_PATTERN.test(input.username)) {
        throw profileFailure(SOCIAL_MESSAGES.invalidForm, { username: [USERNAME_INVALID] });
      }
      if (await profiles.emailTaken(input.email, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
      if (await profiles.usernameTaken(input.username, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);

      const file = form.files[0];
      let avatar = profile.avatar;
      if (file) {
        try {
          const image = await processImage(file.data, {
            formats: IMAGE_FORMATS,
            maxBytes: AVATAR_LIMITS.maxBytes,
            maxPixels: AVATAR_LIMITS.maxPixels,
            maxDimension: 512,
          });
          avatar = `social/avatars/${randomUUID()}.${image.extension}`;
          await media.put(avatar, image.data, image.contentType);
        } catch (error) {
          if (error instanceof ImageRejected) throw profileFailure(`Avatar: ${error.message}`);
          throw error;
        }
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
          }),
        );
      } catch (error) {
        if (avatar && avatar !== profile.avatar) await media.delete(avatar);
        const constraint = uniqueViolation(error);
        if (constraint?.includes('email')) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
        if (constraint?.includes('username')) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);
        if (constraint?.includes('slug')) throw profileFailure('Please try again: someone just took that name.');
        throw error;
      }
      if (profile.avatar && avatar !== profile.avatar) {
        await media.delete(profile.avatar).catch((error: unknown) => log.warn({ err: error }, 'could not delete an old avatar'));
      }
      return { slug, avatarUrl: avatar ? media.url(avatar) : null };
    },
  };
}

export type ProfileEditService = ReturnType<typeof createProfileEditService>;
