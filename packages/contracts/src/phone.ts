import { getExampleNumber, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';

/**
 * Phone numbers as people write them (issue 25), checked with the full ("max") metadata of
 * libphonenumber-js everywhere, so the browser and the server agree on what is valid.
 */

/** The longest a phone may be typed (spaces, brackets and all). */
export const PHONE_TYPED_MAX = 30;

/**
 * What may be a phone number even when it cannot be verified (a local number without its area
 * code, a country we do not know): digits, spaces and `+ - ( ) .`, 6 to 20 characters, at least
 * five of them digits. It is kept as typed; anything else is no phone at all.
 */
const PLAUSIBLE = /^[\d\s+\-().]{6,20}$/;
const plausible = (typed: string) => PLAUSIBLE.test(typed) && (typed.match(/\d/g)?.length ?? 0) >= 5;

export type PhoneCheck =
  { ok: true; /** E.164 when verified, else as typed. */ phone: string; verified: boolean } | { ok: false; message: string };

const regionOf = (country: string | null | undefined): CountryCode | undefined =>
  country && isSupportedCountry(country) ? (country as CountryCode) : undefined;

/** The message for input that is no phone at all: with an example written as people of that country write one. */
export function phoneMessage(country?: string | null): string {
  const region = regionOf(country);
  const example = region ? getExampleNumber(region, examples) : undefined;
  return example
    ? `Enter a phone number such as ${example.formatNational()} or ${example.formatInternational()}.`
    : 'Enter a phone number: digits, spaces and + - ( ) . only, with its country code if you can.';
}

/**
 * A phone number typed in any common way, read with `country` (ISO 3166-1 alpha-2) as the region
 * of a number written without its country code: a valid number comes back in E.164 and verified;
 * what only looks like a phone, as typed and unverified; anything else is refused.
 */
export function checkPhone(input: string, country?: string | null): PhoneCheck {
  const typed = input.trim();
  const international = typed.replace(/^00/, '+');
  const number = parsePhoneNumberFromString(international, regionOf(country));
  if (number?.isValid()) return { ok: true, phone: number.number, verified: true };
  // With its country code a number can be judged whatever the country: one too short or too long for it is none.
  const judged = international.startsWith('+') && number !== undefined;
  if (plausible(typed) && (!judged || number.isPossible())) return { ok: true, phone: typed, verified: false };
  return { ok: false, message: phoneMessage(country) };
}

/** An E.164 number as people read it ("+351 912 345 678"); anything else as it is. */
export function formatPhone(stored: string): string {
  return (stored.startsWith('+') && parsePhoneNumberFromString(stored)?.formatInternational()) || stored;
}
