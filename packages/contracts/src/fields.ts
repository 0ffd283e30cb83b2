import { z } from 'zod';

/**
 * Field messages of the reference contract (Django REST framework wording), so that every client
 * written against it shows the same texts.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  notBoolean: 'Must be a valid boolean.',
  notInteger: 'A valid integer is required.',
  email: 'Enter a valid email address.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  minLength: (min: number) => `Ensure this field has at least ${min} characters.`,
} as const;

function typeMessage(issue: { input?: unknown }, wrongType: string): string {
  if (issue.input === undefined) return FIELD_MESSAGES.required;
  if (issue.input === null) return FIELD_MESSAGES.null;
  return wrongType;
}

/** A required text field: trimmed, not blank, at most `max` characters. */
export function textField(max: number) {
  return z
    .string({ error: (issue) => typeMessage(issue, FIELD_MESSAGES.notString) })
    .trim()
    .min(1, { error: FIELD_MESSAGES.blank, abort: true })
    .max(max, { error: FIELD_MESSAGES.maxLength(max) });
}

/** An optional text field: missing, null or blank become the empty string. */
export function optionalTextField(max: number) {
  return z
    .string({ error: (issue) => typeMessage(issue, FIELD_MESSAGES.notString) })
    .trim()
    .max(max, { error: FIELD_MESSAGES.maxLength(max) })
    .nullish()
    .transform((value) => value ?? '');
}

// Deliberately simple: one "@", a dot in the domain, no spaces. Delivery proves the rest.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailField(max = 100) {
  return textField(max).regex(EMAIL_PATTERN, { error: FIELD_MESSAGES.email });
}

/** A password as typed: never trimmed, not blank. Strength rules live on the server. */
export function passwordField() {
  return z
    .string({ error: (issue) => typeMessage(issue, FIELD_MESSAGES.notString) })
    .min(1, { error: FIELD_MESSAGES.blank, abort: true })
    .max(4096, { error: FIELD_MESSAGES.maxLength(4096) });
}

/** At most this many items in one page of a list that pages on request (issue 24). */
export const LIST_PAGE_MAX = 100;

/** `page_size` of a list that pages on request: 1 to {@link LIST_PAGE_MAX}. */
export const pageSizeField = z.coerce
  .number({ error: 'A valid integer is required.' })
  .int({ error: 'A valid integer is required.' })
  .min(1, { error: 'Ensure this value is at least 1.' })
  .max(LIST_PAGE_MAX, { error: `Ensure this value is at most ${LIST_PAGE_MAX}.` });

/** An ISO 3166-1 alpha-2 country code ("PT"), upper-cased; the server also checks it is a real country. */
export const countryCodeField = z
  .string({ error: (i) => (i.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Enter a country as its two-letter ISO code, such as PT.' });
