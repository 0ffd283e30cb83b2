import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { FIELD_MESSAGES } from './fields.js';

export const PHONE_MESSAGES = {
  invalid: 'Enter a phone number with its country code, for example +351 912 345 678.',
  tooLong: 'This phone number is too long: use at most 14 digits after the +.',
} as const;

// The stored form fits the billing column (15 characters): "+" and up to 14 digits.
const STORED_MAX = 15;

/** A phone number typed in any common way ("+351 912 345 678", "00351-912345678") in E.164, or null. */
export function normalisePhone(input: string): string | null {
  const typed = input.trim().replace(/^00/, '+');
  if (!typed.startsWith('+')) return null;
  const number = parsePhoneNumberFromString(typed);
  return number?.isPossible() ? number.number : null;
}

/** An E.164 number as people read it ("+351 912 345 678"); anything else as it is. */
export function formatPhone(stored: string): string {
  return (stored.startsWith('+') && parsePhoneNumberFromString(stored)?.formatInternational()) || stored;
}

/** A required phone field: accepts the common ways of writing a number, gives E.164. */
export function phoneField() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .trim()
    .min(1, { error: FIELD_MESSAGES.blank, abort: true })
    .max(40, { error: PHONE_MESSAGES.invalid, abort: true })
    .transform((value, ctx) => {
      const number = normalisePhone(value);
      if (!number) ctx.issues.push({ code: 'custom', message: PHONE_MESSAGES.invalid, input: value });
      else if (number.length > STORED_MAX) ctx.issues.push({ code: 'custom', message: PHONE_MESSAGES.tooLong, input: value });
      else return number;
      return z.NEVER;
    });
}
