import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/** The longest postcode the shop keeps. */
export const POSTAL_CODE_MAX = 20;

/**
 * Whether a country (ISO 3166-1 alpha-2) uses postcodes: those with a known pattern (the patterns
 * of postcode-validator). A country without one may still be given a postcode; it is not checked.
 */
export const usesPostalCode = (country: string | null | undefined): boolean =>
  Boolean(country) && postcodeValidatorExistsForCountry(country!);

/** A postcode as it is usually written: trimmed, single spaces, capitals (`1012 ab` → `1012 AB`). */
export const tidyPostalCode = (typed: string) => typed.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether `postalCode` is a postcode of `country` by its pattern; true when the country has no
 * known pattern (nothing to check it against).
 */
export function isPostalCodeOf(postalCode: string, country: string | null | undefined): boolean {
  if (!usesPostalCode(country)) return true;
  return postcodeValidator(tidyPostalCode(postalCode), country!);
}

export const postalCodeMessage = (countryName: string) => `This is not a postcode of ${countryName}.`;
