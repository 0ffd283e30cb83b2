import { z } from 'zod';
import { priceInput } from './backoffice.js';
import { countryCodeField, FIELD_MESSAGES, textField } from './fields.js';
import { cartIdField, cartQuerySchema } from './taberna.js';

/**
 * Issue 28: shipping zones with their rates, and tax rates by country, kept by staff
 * (`/api/backoffice/shipping-zones/`, `/api/backoffice/tax-rates/`) and offered at checkout
 * (`/taberna-cart/api/shipping-options/`). Money is a decimal string ("4.90"), rates a percentage
 * with up to two decimals ("23.00").
 */

/** The most rates one zone has; there are at most as many zones as countries, plus the rest of the world. */
export const SHIPPING_RATES_MAX = 20;

export const shippingRateInputSchema = z.object({
  /** Keeps the rate (and its id, which carts may hold) when the zone is edited; none: a new rate. */
  id: z.number().int().positive().optional(),
  name: textField(100),
  price: priceInput,
  free_over: priceInput.nullish().transform((value) => value ?? null),
});
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;

const countryList = z
  .array(countryCodeField, { error: 'Enter a list of two-letter country codes.' })
  .max(300, { error: 'At most 300 countries.' });
const rateList = z
  .array(shippingRateInputSchema, { error: 'Enter a list of rates.' })
  .min(1, { error: 'Give the zone at least one rate.' })
  .max(SHIPPING_RATES_MAX, { error: `At most ${SHIPPING_RATES_MAX} rates.` });

/** No countries, or `rest_of_world: true`: the zone of every country that no other zone lists (at most one). */
export const shippingZoneCreateSchema = z.object({
  name: textField(100),
  countries: countryList.default([]),
  rest_of_world: z.boolean({ error: FIELD_MESSAGES.notBoolean }).optional(),
  rates: rateList,
});
export type ShippingZoneCreate = z.input<typeof shippingZoneCreateSchema>;

/** Any of the fields; `rates` replaces the list (rates sent with their `id` are kept and edited). */
export const shippingZoneUpdateSchema = z.object({
  name: textField(100).optional(),
  countries: countryList.optional(),
  rest_of_world: z.boolean({ error: FIELD_MESSAGES.notBoolean }).optional(),
  rates: rateList.optional(),
});
export type ShippingZoneUpdate = z.input<typeof shippingZoneUpdateSchema>;

export const shippingRateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  free_over: z.string().nullable(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  countries: z.array(z.string()),
  rest_of_world: z.boolean(),
  rates: z.array(shippingRateSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;
export const shippingZoneListSchema = z.array(shippingZoneSchema);

/** A tax rate in percent with up to two decimals, from 0 to 100 ("23", "23.00", "7.25"). */
const percentInput = z
  .union([z.string(), z.number()], {
    error: (i) => (i.input === undefined ? FIELD_MESSAGES.required : 'Enter a rate in percent such as 23.00.'),
  })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'Enter a rate in percent such as 23.00.' })
      .refine((v) => Number(v) <= 100, { error: 'A rate is at most 100.' }),
  );

export const taxRateCreateSchema = z.object({ country: countryCodeField, name: textField(100), rate: percentInput });
export type TaxRateCreate = z.input<typeof taxRateCreateSchema>;
export const taxRateUpdateSchema = z.object({
  country: countryCodeField.optional(),
  name: textField(100).optional(),
  rate: percentInput.optional(),
});
export type TaxRateUpdate = z.input<typeof taxRateUpdateSchema>;

export const taxRateSchema = z.object({ id: z.number().int(), country: z.string(), name: z.string(), rate: z.string() });
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.array(taxRateSchema);

/** `GET /taberna-cart/api/shipping-options/?country=PT[&cart_id=]`. */
export const shippingOptionsQuerySchema = z.object({ country: countryCodeField, cart_id: cartIdField });

/**
 * The cart (contract §8.6) with two optional additions for the checkout summary: `country` prices
 * the tax at that country's rate, and `shipping_rate_id` (a rate offered there) adds
 * `shipping_total` to the answer and to its `grand_total`.
 */
export const cartViewQuerySchema = cartQuerySchema.extend({
  country: countryCodeField.optional(),
  shipping_rate_id: z.coerce
    .number({ error: FIELD_MESSAGES.notInteger })
    .int({ error: FIELD_MESSAGES.notInteger })
    .positive({ error: FIELD_MESSAGES.notInteger })
    .max(2_147_483_647, { error: FIELD_MESSAGES.notInteger })
    .optional(),
});

/** A rate offered for the delivery country: `price` is what this cart pays ("0.00" at or above the rate's `free_over`). */
export const shippingOptionSchema = z.object({ id: z.number().int(), name: z.string(), price: z.string() });
export type ShippingOption = z.infer<typeof shippingOptionSchema>;
export const shippingOptionListSchema = z.array(shippingOptionSchema);
