import { POST_LIMITS, SOCIAL_MESSAGES } from '@portal/contracts';
import { Invalid } from '../core/domain-errors.js';
import type { ParsedForm } from './form-parts.js';

/** What a post's author sends (contract §5.2 and issue 27), read and checked before anything is stored. */
export const formError = (message: string) => new Invalid(message);

export function readPrivacy(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'off', 'no'].includes(text)) return false;
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  throw formError('is_private must be true or false.');
}

/** Contract §5.2: an empty body is fine with pictures; a non-empty one needs 3 visible characters. */
export function readBody(value: string | null | undefined): string | null {
  const body = (value ?? '').trim();
  if (body === '') return null;
  if (body.replace(/\s/gu, '').length < POST_LIMITS.minBodyLength) throw formError(SOCIAL_MESSAGES.formNotValid);
  if (body.length > POST_LIMITS.maxBodyLength) throw formError(`A post has at most ${POST_LIMITS.maxBodyLength} characters.`);
  return body;
}

/** Issue 27: a content warning, at most 100 characters; blank is none. */
export function readContentWarning(value: string | null | undefined): string | null {
  const warning = (value ?? '').trim();
  if (warning.length > POST_LIMITS.maxContentWarningLength) {
    throw Invalid.fields({
      content_warning: [`A content warning has at most ${POST_LIMITS.maxContentWarningLength} characters.`],
    });
  }
  return warning === '' ? null : warning;
}

const ALT_FIELD = /^alt\[(\d{1,3})\]$/;
const IMAGE_FIELD = /^images\[(\d{1,3})\]$/;

/**
 * Issue 27: `alt[N]` describes the picture sent as `images[N]` (a picture sent under a key without
 * an index counts by its place among the pictures); at most 1,000 characters; blank is none. An
 * `alt[N]` without its picture is refused.
 */
export function readAlts(form: ParsedForm): (string | null)[] {
  const keys = form.files.map((file, position) => IMAGE_FIELD.exec(file.field)?.[1] ?? String(position));
  const alts: (string | null)[] = keys.map(() => null);
  for (const [field, value] of Object.entries(form.fields)) {
    const index = ALT_FIELD.exec(field)?.[1];
    if (index === undefined) continue;
    const position = keys.indexOf(String(Number(index)));
    if (position < 0) throw Invalid.fields({ [field]: [`${field} describes no picture: there is no images[${index}].`] });
    const alt = value.trim();
    if (alt.length > POST_LIMITS.maxAltLength) {
      throw Invalid.fields({ [field]: [`A description has at most ${POST_LIMITS.maxAltLength} characters.`] });
    }
    alts[position] = alt === '' ? null : alt;
  }
  return alts;
}
