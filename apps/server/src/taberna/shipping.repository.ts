import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { tabernaShippingRates, tabernaShippingZoneCountries, tabernaShippingZones, tabernaTaxRates } from '../db/schema/index.js';

export interface ShippingRateRow {
  id: number;
  zoneId: number;
  name: string;
  price: string;
  freeOver: string | null;
}

export interface ShippingZoneRow {
  id: number;
  name: string;
  restOfWorld: boolean;
  countries: string[];
  rates: ShippingRateRow[];
}

export interface TaxRateRow {
  id: number;
  countryCode: string;
  name: string;
  rateBp: number;
}

/** A rate as staff give it: `id` keeps an existing rate of the zone. */
export interface RateToSave {
  id?: number | undefined;
  name: string;
  price: string;
  freeOver: string | null;
}

const rateColumns = {
  id: tabernaShippingRates.id,
  zoneId: tabernaShippingRates.zoneId,
  name: tabernaShippingRates.name,
  price: tabernaShippingRates.price,
  freeOver: tabernaShippingRates.freeOver,
};
const taxColumns = {
  id: tabernaTaxRates.id,
  countryCode: tabernaTaxRates.countryCode,
  name: tabernaTaxRates.name,
  rateBp: tabernaTaxRates.rateBp,
};

/** Issue 28: shipping zones, their countries and rates, and tax rates by country (small tables, looked up by key). */
export function createShippingRepository(db: Executor) {
  async function zonesWhere(ids: number[] | null): Promise<ShippingZoneRow[]> {
    const zones = await db
      .select({ id: tabernaShippingZones.id, name: tabernaShippingZones.name, restOfWorld: tabernaShippingZones.restOfWorld })
      .from(tabernaShippingZones)
      .where(ids ? inArray(tabernaShippingZones.id, ids) : undefined)
      .orderBy(asc(tabernaShippingZones.restOfWorld), asc(tabernaShippingZones.name), asc(tabernaShippingZones.id));
    if (zones.length === 0) return [];
    const zoneIds = zones.map((zone) => zone.id);
    const [countries, rates] = await Promise.all([
      db
        .select()
        .from(tabernaShippingZoneCountries)
        .where(inArray(tabernaShippingZoneCountries.zoneId, zoneIds))
        .orderBy(asc(tabernaShippingZoneCountries.countryCode)),
      db
        .select(rateColumns)
        .from(tabernaShippingRates)
        .where(inArray(tabernaShippingRates.zoneId, zoneIds))
        .orderBy(asc(tabernaShippingRates.zoneId), asc(tabernaShippingRates.position), asc(tabernaShippingRates.id)),
    ]);
    return zones.map((zone) => ({
      ...zone,
      countries: countries.filter((row) => row.zoneId === zone.id).map((row) => row.countryCode),
      rates: rates.filter((rate) => rate.zoneId === zone.id),
    }));
  }

  /** The rest-of-the-world zone other than `zoneId`, if there is one. */
  async function restOfWorldZone(zoneId: number | null) {
    const [row] = await db
      .select({ id: tabernaShippingZones.id, name: tabernaShippingZones.name })
      .from(tabernaShippingZones)
      .where(and(eq(tabernaShippingZones.restOfWorld, true), zoneId === null ? undefined : ne(tabernaShippingZones.id, zoneId)));
    return row;
  }

  return {
    /** Every zone (there are at most as many as countries), the rest of the world last. */
    listZones: () => zonesWhere(null),

    async zone(id: number): Promise<ShippingZoneRow | undefined> {
      return (await zonesWhere([id]))[0];
    },

    async insertZone(name: string, restOfWorld: boolean): Promise<number> {
      const [row] = await db
        .insert(tabernaShippingZones)
        .values({ name, restOfWorld })
        .returning({ id: tabernaShippingZones.id });
      return row!.id;
    },

    async updateZone(id: number, values: { name?: string | undefined; restOfWorld?: boolean | undefined }) {
      await db
        .update(tabernaShippingZones)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tabernaShippingZones.id, id));
    },

    async deleteZone(id: number): Promise<void> {
      await db.delete(tabernaShippingZones).where(eq(tabernaShippingZones.id, id));
    },

    /** Which of these countries another zone already has, with that zone's name. */
    async countriesElsewhere(codes: string[], zoneId: number | null) {
      if (codes.length === 0) return [];
      return db
        .select({ countryCode: tabernaShippingZoneCountries.countryCode, zoneName: tabernaShippingZones.name })
        .from(tabernaShippingZoneCountries)
        .innerJoin(tabernaShippingZones, eq(tabernaShippingZones.id, tabernaShippingZoneCountries.zoneId))
        .where(
          and(
            inArray(tabernaShippingZoneCountries.countryCode, codes),
            zoneId === null ? undefined : ne(tabernaShippingZoneCountries.zoneId, zoneId),
          ),
        );
    },

    restOfWorldZone,

    async setCountries(zoneId: number, codes: string[]): Promise<void> {
      await db.delete(tabernaShippingZoneCountries).where(eq(tabernaShippingZoneCountries.zoneId, zoneId));
      if (codes.length > 0)
        await db.insert(tabernaShippingZoneCountries).values(codes.map((countryCode) => ({ countryCode, zoneId })));
    },

    /** The zone's rates become these: those with the id of one of its rates are edited, the others added, the rest deleted. */
    async setRates(zoneId: number, rates: RateToSave[]): Promise<void> {
      const kept = rates.flatMap((rate) => (rate.id === undefined ? [] : [rate.id]));
      await db
        .delete(tabernaShippingRates)
        .where(
          and(eq(tabernaShippingRates.zoneId, zoneId), kept.length > 0 ? notInArray(tabernaShippingRates.id, kept) : undefined),
        );
      for (const [position, rate] of rates.entries()) {
        const values = { name: rate.name, price: rate.price, freeOver: rate.freeOver, position };
        if (rate.id === undefined) await db.insert(tabernaShippingRates).values({ ...values, zoneId });
        else
          await db
            .update(tabernaShippingRates)
            .set(values)
            .where(and(eq(tabernaShippingRates.id, rate.id), eq(tabernaShippingRates.zoneId, zoneId)));
      }
    },

    /** The ids of the zone's rates now. */
    async rateIdsOf(zoneId: number): Promise<number[]> {
      const rows = await db
        .select({ id: tabernaShippingRates.id })
        .from(tabernaShippingRates)
        .where(eq(tabernaShippingRates.zoneId, zoneId));
      return rows.map((row) => row.id);
    },

    async hasZones(): Promise<boolean> {
      const [row] = await db.select({ id: tabernaShippingZones.id }).from(tabernaShippingZones).limit(1);
      return row !== undefined;
    },

    /** The rates of the country's zone (by the country's key), else of the rest of the world; none when neither exists. */
    async ratesForCountry(countryCode: string): Promise<ShippingRateRow[]> {
      const [own] = await db
        .select({ zoneId: tabernaShippingZoneCountries.zoneId })
        .from(tabernaShippingZoneCountries)
        .where(eq(tabernaShippingZoneCountries.countryCode, countryCode));
      const zoneId = own?.zoneId ?? (await restOfWorldZone(null))?.id;
      if (zoneId === undefined) return [];
      return db
        .select(rateColumns)
        .from(tabernaShippingRates)
        .where(eq(tabernaShippingRates.zoneId, zoneId))
        .orderBy(asc(tabernaShippingRates.position), asc(tabernaShippingRates.id));
    },

    listTaxRates(): Promise<TaxRateRow[]> {
      return db.select(taxColumns).from(tabernaTaxRates).orderBy(asc(tabernaTaxRates.countryCode));
    },

    async taxRate(id: number): Promise<TaxRateRow | undefined> {
      const [row] = await db.select(taxColumns).from(tabernaTaxRates).where(eq(tabernaTaxRates.id, id));
      return row;
    },

    async taxRateOfCountry(countryCode: string): Promise<TaxRateRow | undefined> {
      const [row] = await db.select(taxColumns).from(tabernaTaxRates).where(eq(tabernaTaxRates.countryCode, countryCode));
      return row;
    },

    async insertTaxRate(values: { countryCode: string; name: string; rateBp: number }): Promise<number> {
      const [row] = await db.insert(tabernaTaxRates).values(values).returning({ id: tabernaTaxRates.id });
      return row!.id;
    },

    async updateTaxRate(
      id: number,
      values: { countryCode?: string | undefined; name?: string | undefined; rateBp?: number | undefined },
    ) {
      await db
        .update(tabernaTaxRates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tabernaTaxRates.id, id));
    },

    async deleteTaxRate(id: number): Promise<void> {
      await db.delete(tabernaTaxRates).where(eq(tabernaTaxRates.id, id));
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
