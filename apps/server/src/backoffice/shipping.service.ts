import type {
  ShippingZone,
  TaxRate,
  shippingZoneCreateSchema,
  shippingZoneUpdateSchema,
  taxRateCreateSchema,
  taxRateUpdateSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import {
  centsToDecimal,
  countryName,
  createShippingRepository,
  isCountryCode,
  toCents,
  type ShippingZoneRow,
  type TaxRateRow,
} from '../taberna/index.js';
import type { AuditedActions } from './audit-trail.js';

type ZoneCreate = z.output<typeof shippingZoneCreateSchema>;
type ZoneUpdate = z.output<typeof shippingZoneUpdateSchema>;
type TaxCreate = z.output<typeof taxRateCreateSchema>;
type TaxUpdate = z.output<typeof taxRateUpdateSchema>;

const NO_ZONE = 'No such shipping zone.';
const NO_TAX_RATE = 'No such tax rate.';

const zoneAnswer = (row: ShippingZoneRow): ShippingZone => ({
  id: row.id,
  name: row.name,
  countries: row.countries,
  rest_of_world: row.restOfWorld,
  rates: row.rates.map((rate) => ({ id: rate.id, name: rate.name, price: rate.price, free_over: rate.freeOver })),
});

/** A rate is stored in basis points; staff read and write it in percent with two decimals ("23.00" = 2300). */
const taxAnswer = (row: TaxRateRow): TaxRate => ({
  id: row.id,
  country: row.countryCode,
  name: row.name,
  rate: centsToDecimal(row.rateBp),
});

/** Unknown codes are refused by name; a code listed twice counts once. */
function checkedCountries(codes: string[]): string[] {
  const unknown = codes.filter((code) => !isCountryCode(code));
  if (unknown.length > 0) throw Invalid.fields({ countries: [`Not a country code: ${unknown.join(', ')}.`] });
  return [...new Set(codes)];
}

/**
 * Issue 28: shipping zones with their rates, and tax rates by country, as staff keep them. Each
 * change is one audited transaction; a country belongs to one zone, and one zone at most is the
 * rest of the world (the database's keys hold both even when two staff save at once).
 */
export function createBoShippingService({ db }: Pick<Deps, 'db'>, audited: AuditedActions) {
  const repo = createShippingRepository(db);

  /** The zone's countries and rest-of-the-world flag as they will be, checked against every other zone. */
  async function placeZone(tx: Executor, zoneId: number | null, countries: string[], restOfWorld: boolean | undefined) {
    const txRepo = createShippingRepository(tx);
    const codes = checkedCountries(countries);
    const isRest = codes.length === 0;
    if (restOfWorld === true && !isRest)
      throw Invalid.fields({ countries: ['The rest of the world has no countries of its own: leave the list empty.'] });
    if (restOfWorld === false && isRest) throw Invalid.fields({ countries: ['List the countries of this zone.'] });
    const taken = await txRepo.countriesElsewhere(codes, zoneId);
    if (taken.length > 0)
      throw Invalid.fields({
        countries: taken.map(
          (row) => `${countryName(row.countryCode)} (${row.countryCode}) is already in the zone ${row.zoneName}.`,
        ),
      });
    const rest = isRest ? await txRepo.restOfWorldZone(zoneId) : undefined;
    if (rest) throw Invalid.fields({ countries: [`The zone ${rest.name} is already the rest of the world: list countries.`] });
    return { codes, isRest };
  }

  /** Rates sent with an `id` must be rates of this zone. */
  async function checkRateIds(tx: Executor, zoneId: number, rates: ZoneCreate['rates']): Promise<void> {
    const own = new Set(await createShippingRepository(tx).rateIdsOf(zoneId));
    if (rates.some((rate) => rate.id !== undefined && !own.has(rate.id)))
      throw Invalid.fields({ rates: ['A rate id is not one of this zone: leave it out to add a new rate.'] });
  }

  const ratesToSave = (rates: ZoneCreate['rates']) =>
    rates.map((rate) => ({ id: rate.id, name: rate.name, price: rate.price, freeOver: rate.free_over }));

  /** Two saves that claim the same country or both the rest of the world at once: the second is told, as if in turn. */
  async function keyed<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'taberna_shipping_zone_countries_pkey')
        throw Invalid.fields({ countries: ['A country of this zone was just added to another zone.'] });
      if (constraint === 'taberna_shipping_zones_rest_of_world_key')
        throw Invalid.fields({ countries: ['Another zone was just made the rest of the world: list countries.'] });
      if (constraint === 'taberna_tax_rates_country_key')
        throw Invalid.fields({ country: ['This country already has a tax rate: edit that one.'] });
      throw error;
    }
  }

  return {
    async listZones(): Promise<ShippingZone[]> {
      return (await repo.listZones()).map(zoneAnswer);
    },

    createZone: (actor: AuthUser, input: ZoneCreate): Promise<ShippingZone> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createShippingRepository(tx);
          const { codes, isRest } = await placeZone(tx, null, input.countries, input.rest_of_world);
          if (input.rates.some((rate) => rate.id !== undefined))
            throw Invalid.fields({ rates: ['A new zone has new rates: leave their ids out.'] });
          const id = await txRepo.insertZone(input.name, isRest);
          await txRepo.setCountries(id, codes);
          await txRepo.setRates(id, ratesToSave(input.rates));
          const created = zoneAnswer((await txRepo.zone(id))!);
          await record({
            action: 'shipping_zone.create',
            target: `shipping_zone:${id}`,
            targetLabel: created.name,
            after: created,
          });
          return created;
        }),
      ),

    updateZone: (actor: AuthUser, id: number, input: ZoneUpdate): Promise<ShippingZone> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createShippingRepository(tx);
          const before = await txRepo.zone(id);
          if (!before) throw new NotFound(NO_ZONE);
          if (input.countries !== undefined || input.rest_of_world !== undefined) {
            const { codes, isRest } = await placeZone(tx, id, input.countries ?? before.countries, input.rest_of_world);
            await txRepo.setCountries(id, codes);
            await txRepo.updateZone(id, { restOfWorld: isRest });
          }
          if (input.rates !== undefined) {
            await checkRateIds(tx, id, input.rates);
            await txRepo.setRates(id, ratesToSave(input.rates));
          }
          await txRepo.updateZone(id, { name: input.name });
          const after = zoneAnswer((await txRepo.zone(id))!);
          await record({
            action: 'shipping_zone.update',
            target: `shipping_zone:${id}`,
            targetLabel: after.name,
            before: zoneAnswer(before),
            after,
          });
          return after;
        }),
      ),

    async deleteZone(actor: AuthUser, id: number): Promise<void> {
      await audited(actor, async (tx, record) => {
        const txRepo = createShippingRepository(tx);
        const before = await txRepo.zone(id);
        if (!before) throw new NotFound(NO_ZONE);
        await txRepo.deleteZone(id);
        await record({
          action: 'shipping_zone.delete',
          target: `shipping_zone:${id}`,
          targetLabel: before.name,
          before: zoneAnswer(before),
        });
      });
    },

    async listTaxRates(): Promise<TaxRate[]> {
      return (await repo.listTaxRates()).map(taxAnswer);
    },

    createTaxRate: (actor: AuthUser, input: TaxCreate): Promise<TaxRate> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createShippingRepository(tx);
          const countryCode = await freeCountry(tx, input.country, null);
          const id = await txRepo.insertTaxRate({ countryCode, name: input.name, rateBp: toCents(input.rate) });
          const created = taxAnswer((await txRepo.taxRate(id))!);
          await record({ action: 'tax_rate.create', target: `tax_rate:${id}`, targetLabel: created.country, after: created });
          return created;
        }),
      ),

    updateTaxRate: (actor: AuthUser, id: number, input: TaxUpdate): Promise<TaxRate> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createShippingRepository(tx);
          const before = await txRepo.taxRate(id);
          if (!before) throw new NotFound(NO_TAX_RATE);
          await txRepo.updateTaxRate(id, {
            countryCode: input.country === undefined ? undefined : await freeCountry(tx, input.country, id),
            name: input.name,
            rateBp: input.rate === undefined ? undefined : toCents(input.rate),
          });
          const after = taxAnswer((await txRepo.taxRate(id))!);
          await record({
            action: 'tax_rate.update',
            target: `tax_rate:${id}`,
            targetLabel: after.country,
            before: taxAnswer(before),
            after,
          });
          return after;
        }),
      ),

    async deleteTaxRate(actor: AuthUser, id: number): Promise<void> {
      await audited(actor, async (tx, record) => {
        const txRepo = createShippingRepository(tx);
        const before = await txRepo.taxRate(id);
        if (!before) throw new NotFound(NO_TAX_RATE);
        await txRepo.deleteTaxRate(id);
        await record({
          action: 'tax_rate.delete',
          target: `tax_rate:${id}`,
          targetLabel: before.countryCode,
          before: taxAnswer(before),
        });
      });
    },
  };
}

/** A real country without a tax rate of its own yet (other than the rate `id`). */
async function freeCountry(tx: Executor, code: string, id: number | null): Promise<string> {
  if (!isCountryCode(code)) throw Invalid.fields({ country: [`Not a country code: ${code}.`] });
  const existing = await createShippingRepository(tx).taxRateOfCountry(code);
  if (existing && existing.id !== id)
    throw Invalid.fields({ country: [`${countryName(code)} already has a tax rate (${existing.name}): edit that one.`] });
  return code;
}

export type BoShippingService = ReturnType<typeof createBoShippingService>;
