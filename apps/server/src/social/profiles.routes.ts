import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_LIMITS, PROFILE_LIMITS, profileDetailSchema, profileUpdatedSchema, SOCIAL_MESSAGES } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { DomainError, Invalid } from '../core/domain-errors.js';
import { messageShape } from '../core/error-shapes.js';
import { errorResponses } from '../core/openapi-responses.js';
import { readForm } from './form-parts.js';
import { clientInfo } from '../core/client-info.js';
import { PasswordChangeRefused, type PasswordChangeService } from '../auth/index.js';
import type { ProfileEditService } from './profile-edit.service.js';
import type { ViewerResolver } from './social-viewer.js';

const tags = ['social profiles'];

interface Options {
  edits: ProfileEditService;
  passwords: PasswordChangeService;
  viewers: ViewerResolver;
}

export async function profilesRoutes(app: FastifyInstance, { edits, passwords, viewers }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/social-profiles/me/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's social profile, with the bio and header picture",
      response: { 200: profileDetailSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => edits.own(await viewers.required(request)),
  });

  api.post('/api/social-profiles/editprofile/', {
    config: { auth: 'required', errorShape: messageShape },
    schema: {
      tags,
      summary: 'Edit your names, username, email, bio, avatar and header picture (multipart form; the slug follows the names)',
      description:
        'Fields `first_name`, `last_name`, `username`, `email`, an optional `avatar` picture (JPEG, PNG, WebP or GIF, ' +
        'at most 5 MB), and (issue 27) an optional `bio` (at most 500 characters; left out, it stays) and `header` picture ' +
        '(at most 10 MB; `remove_header=true` takes it away). Failures answer 400 with `message`: "Invalid form data!" ' +
        '(with field errors), "Email already exists!" or "Username already exists!".',
      response: { 200: profileUpdatedSchema, ...errorResponses(400, 401, 404, 413) },
    },
    handler: async (request) => {
      const viewer = await viewers.required(request);
      const form = await readForm(request, {
        acceptsFile: (field) => field === 'avatar' || field === 'header',
        maxFiles: 2,
        // The larger of the two limits here; each picture's own is checked as it is read.
        maxFileBytes: Math.max(AVATAR_LIMITS.maxBytes, PROFILE_LIMITS.maxHeaderBytes),
        tooManyFiles: 'Send one avatar picture and one header picture at most.',
        tooLarge: `The picture is larger than ${PROFILE_LIMITS.maxHeaderBytes / 1024 / 1024} MB.`,
      });
      const { slug, avatarUrl, headerUrl } = await edits.editProfile(viewer, form);
      return { message: SOCIAL_MESSAGES.profileUpdated, new_slug: slug, new_avatar: avatarUrl, new_header: headerUrl };
    },
  });

  api.post('/api/social-profiles/editpassword/', {
    config: { auth: 'required', errorShape: messageShape },
    schema: {
      tags,
      summary: 'Change your password; every other login session ends',
      description:
        'Form fields (multipart, or JSON) `old_password`, `new_password1`, `new_password2`. 200 ' +
        '(contract §4.5): `{"message": "success"}`, or `message` holding JSON-encoded field errors ' +
        '`{"<field>": [{"message": "...", "code": "..."}]}`. Wrong old passwords count in the login throttle. ' +
        'A body that cannot be read as this form (malformed, truncated, with files) is a 400 `{"message"}`.',
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      try {
        const form = await readForm(request, {
          acceptsFile: () => false,
          maxFiles: 0,
          maxFileBytes: 0,
          tooManyFiles: 'This form takes no files.',
          tooLarge: 'This form takes no files.',
        }).catch((error: unknown) => {
          // A body that cannot be read as this form (malformed, truncated, with files) is the
          // request's fault, not a refused change: 400. Refused changes keep §4.5's 200.
          if (error instanceof DomainError) throw new Invalid(error.message);
          throw error;
        });
        await passwords.change(requireUser(request), form.fields, clientInfo(request));
        return { message: SOCIAL_MESSAGES.passwordChanged };
      } catch (error) {
        if (error instanceof PasswordChangeRefused) return { message: JSON.stringify(error.errors) };
        throw error;
      }
    },
  });
}
