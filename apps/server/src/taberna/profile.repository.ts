import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, tabernaProfiles, type StoredAddress } from '../db/schema/index.js';

export interface SavedAddress {
  phone: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  countryCode: string | null;
  /** The delivery address used last, when it was not the billing address. */
  shippingAddress: StoredAddress | null;
}

/** The customer's names and saved billing and delivery addresses (the shop profile). */
export function createProfileRepository(db: Executor) {
  return {
    async billingOf(accountId: number) {
      const [row] = await db
        .select({
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          email: accounts.email,
          phone: tabernaProfiles.phone,
          addressLine1: tabernaProfiles.addressLine1,
          addressLine2: tabernaProfiles.addressLine2,
          postalCode: tabernaProfiles.postalCode,
          city: tabernaProfiles.city,
          state: tabernaProfiles.state,
          country: tabernaProfiles.country,
          countryCode: tabernaProfiles.countryCode,
          shippingAddress: tabernaProfiles.shippingAddress,
        })
        .from(tabernaProfiles)
        .innerJoin(accounts, eq(accounts.id, tabernaProfiles.accountId))
        .where(eq(tabernaProfiles.accountId, accountId));
      return row;
    },

    async saveAddress(accountId: number, address: SavedAddress): Promise<void> {
      await db.update(tabernaProfiles).set(address).where(eq(tabernaProfiles.accountId, accountId));
    },
  };
}
