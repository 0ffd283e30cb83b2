import type { Country } from '@portal/contracts';
import { usesPostalCode } from '@portal/contracts';
// The package's library without its Node entry, which loads every one of its 80 languages at start-up
// (about 80 files); only English is registered.
import countries from 'i18n-iso-countries/index.js';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';

countries.registerLocale(english);

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** How names are compared: no accents, no punctuation, lower case ("Côte d'Ivoire" = "cote divoire"). */
const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const CODES = Object.keys(countries.getAlpha2Codes());

/**
 * Every name a country goes by in English, to its ISO 3166-1 alpha-2 code: ICU's name (Node's
 * `Intl.DisplayNames`), the names and short forms of i18n-iso-countries ("United States", "USA",
 * "UK", "Great Britain"), and the alpha-3 code.
 */
const BY_NAME = new Map<string, string>();
const ALL_NAMES = countries.getNames('en', { select: 'all' });
for (const code of CODES) {
  const names = [displayNames.of(code), ...(ALL_NAMES[code] ?? [])];
  for (const name of names) if (name && !BY_NAME.has(key(name))) BY_NAME.set(key(name), code);
  BY_NAME.set(key(countries.alpha2ToAlpha3(code) ?? code), code);
}

/** The country's name in English (ICU's, else the package's). */
export const countryName = (code: string): string => displayNames.of(code) ?? countries.getName(code, 'en') ?? code;

/**
 * The ISO 3166-1 alpha-2 code of a country as people write it (issue 25): a code (`PT`, `prt`), a
 * name in English or a common short form (`Portugal`, `USA`, `United States`, `UK`); null when it
 * is none of those.
 */
export function countryCodeOf(written: string): string | null {
  const typed = written.trim();
  if (/^[A-Za-z]{2}$/.test(typed) && countries.isValid(typed.toUpperCase())) return typed.toUpperCase();
  return BY_NAME.get(key(typed)) ?? null;
}

/** Whether a two-letter code is an ISO 3166-1 alpha-2 country (`PT` is, `ZZ` is not). */
export const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

/** `GET /api/v1/countries/`: every ISO 3166-1 country, by name. */
export const COUNTRY_LIST: Country[] = CODES.map((code) => ({
  code,
  name: countryName(code),
  calling_code: isSupportedCountry(code) ? getCountryCallingCode(code) : null,
  postal_code_required: usesPostalCode(code),
})).sort((a, b) => a.name.localeCompare(b.name, 'en'));
