import type { ShippingZone, ShippingZoneCreate, TaxRate, TaxRateCreate } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';

/** A rate row as the dialog edits it: texts, `id` kept for a rate that exists (carts may hold it). */
export interface RateRow {
  id?: number;
  name: string;
  price: string;
  freeOver: string;
}

export interface ZoneForm {
  name: string;
  /** ISO codes, in the order chosen. */
  countries: string[];
  restOfWorld: boolean;
  rates: RateRow[];
}

export const emptyRate = (): RateRow => ({ name: '', price: '', freeOver: '' });
export const newZoneForm = (): ZoneForm => ({ name: '', countries: [], restOfWorld: false, rates: [emptyRate()] });

export const zoneFormOf = (zone: ShippingZone): ZoneForm => ({
  name: zone.name,
  countries: zone.countries,
  restOfWorld: zone.rest_of_world,
  rates: zone.rates.map((rate) => ({ id: rate.id, name: rate.name, price: rate.price, freeOver: rate.free_over ?? '' })),
});

/** What the API takes: the rest of the world has no countries; an empty "free over" is none. */
export const zoneBodyOf = (form: ZoneForm): ShippingZoneCreate & { rest_of_world: boolean } => ({
  name: form.name.trim(),
  countries: form.restOfWorld ? [] : form.countries,
  rest_of_world: form.restOfWorld,
  rates: form.rates.map((rate) => ({
    ...(rate.id === undefined ? {} : { id: rate.id }),
    name: rate.name.trim(),
    price: rate.price.trim(),
    free_over: rate.freeOver.trim() === '' ? null : rate.freeOver.trim(),
  })),
});

/** "4.90, free over 50.00" — how a rate reads in the list. */
/** A rate as the list shows it, its amounts written by `money` (the shop's currency). */
export const rateText = (rate: ShippingZone['rates'][number], money: (value: string) => string) =>
  `${rate.name}: ${money(rate.price)}${rate.free_over === null ? '' : `, free over ${money(rate.free_over)}`}`;

export interface TaxForm {
  country: string;
  name: string;
  rate: string;
}

export const newTaxForm = (): TaxForm => ({ country: '', name: '', rate: '' });
export const taxFormOf = (rate: TaxRate): TaxForm => ({ country: rate.country, name: rate.name, rate: rate.rate });
export const taxBodyOf = (form: TaxForm): TaxRateCreate => ({
  country: form.country,
  name: form.name.trim(),
  rate: form.rate.trim(),
});

/**
 * The API's field errors (`{"name": ["..."]}`) to show under each field, and what is left (a
 * `detail`, a network failure) to show above the form.
 */
export function formErrors(
  error: unknown,
  fields: readonly string[],
): { fields: Record<string, string>; general: string | null } {
  if (!error) return { fields: {}, general: null };
  const byField = error instanceof ApiError ? fieldErrorsOf(error.body) : {};
  const shown = Object.fromEntries(Object.entries(byField).filter(([key]) => fields.includes(key)));
  const rest = Object.entries(byField).filter(([key]) => !fields.includes(key));
  const general =
    Object.keys(shown).length > 0 && rest.length === 0
      ? null
      : rest.length > 0
        ? rest.map(([, message]) => message).join(' ')
        : error instanceof Error
          ? error.message
          : String(error);
  return { fields: shown, general };
}
