import type { ShippingOption } from '@portal/contracts';
import { Invalid } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { countryName } from './countries.js';
import { centsToDecimal, toCents } from './money.js';
import { createShippingRepository, type ShippingRateRow } from './shipping.repository.js';

/** The shipping chosen for an order: the rate's name and what this cart pays for it. */
export interface ChosenShipping {
  name: string;
  cents: number;
}

export const SHIPPING_RATE_FIELD = 'shipping_rate_id';
export const NOT_OFFERED = 'This shipping option is not offered for the delivery country. Choose one of its options.';

/** What a rate costs a cart of this subtotal: nothing at or above its `free_over`. */
export function shippingCents(rate: Pick<ShippingRateRow, 'price' | 'freeOver'>, subtotalCents: number): number {
  return rate.freeOver !== null && subtotalCents >= toCents(rate.freeOver) ? 0 : toCents(rate.price);
}

/**
 * Issue 28: the tax and shipping of a delivery country. Tax is the country's rate when staff set
 * one, else the shop's default (TAX_RATE); shipping is one of the rates of the country's zone (or
 * of the rest of the world). A shop without zones charges no shipping and needs no choice, as before.
 */
export function createDeliveryPricing(db: Executor, defaultTaxRateBp: number) {
  const repo = createShippingRepository(db);

  async function ratesFor(countryCode: string | null): Promise<ShippingRateRow[]> {
    return countryCode ? repo.ratesForCountry(countryCode) : [];
  }

  return {
    async taxRateBp(countryCode: string | null): Promise<number> {
      if (!countryCode) return defaultTaxRateBp;
      return (await repo.taxRateOfCountry(countryCode))?.rateBp ?? defaultTaxRateBp;
    },

    async options(countryCode: string, subtotalCents: number): Promise<ShippingOption[]> {
      return (await ratesFor(countryCode)).map((rate) => ({
        id: rate.id,
        name: rate.name,
        price: centsToDecimal(shippingCents(rate, subtotalCents)),
      }));
    },

    /**
     * The rate chosen for the delivery country, priced for the subtotal; null when the shop has no
     * zones and none was chosen. A rate not offered there, or no choice where the shop ships, is a
     * field error (400) under `shipping_rate_id`.
     */
    async chosen(countryCode: string | null, rateId: number | null, subtotalCents: number): Promise<ChosenShipping | null> {
      if (rateId === null) {
        if (!(await repo.hasZones())) return null;
        const offered = (await ratesFor(countryCode)).length > 0;
        const message = offered
          ? 'Choose a shipping option.'
          : countryCode
            ? `The shop does not ship to ${countryName(countryCode)}.`
            : 'The shop does not ship to this country. Choose a country from the list.';
        throw Invalid.fields({ [SHIPPING_RATE_FIELD]: [message] });
      }
      const rate = (await ratesFor(countryCode)).find((candidate) => candidate.id === rateId);
      if (!rate) throw Invalid.fields({ [SHIPPING_RATE_FIELD]: [NOT_OFFERED] });
      return { name: rate.name, cents: shippingCents(rate, subtotalCents) };
    },
  };
}

export type DeliveryPricing = ReturnType<typeof createDeliveryPricing>;
