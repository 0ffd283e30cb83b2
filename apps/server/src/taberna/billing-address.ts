import {
  checkPhone,
  formatPhone,
  isPostalCodeOf,
  postalCodeMessage,
  tidyPostalCode,
  type BillingData,
  type DeliveryAddress,
  type ShippingAddress,
} from '@portal/contracts';
import { Invalid } from '../core/domain-errors.js';
import type { StoredAddress } from '../db/schema/index.js';
import { countryCodeOf, countryName } from './countries.js';

/** The billing form as an order keeps it: the country's code found, the phone read with it, the postcode tidied. */
export interface PreparedBilling extends Omit<BillingData, 'shipping_address'> {
  countryCode: string | null;
  phoneVerified: boolean;
  shipping: StoredAddress | null;
}

/** A phone and postcode of an address, read with its country; field errors under `field(name)`. */
function readAddress(
  address: { phone: string; postal_code: string; country: string },
  field: (name: 'phone' | 'postal_code') => string,
  label = '',
) {
  const countryCode = countryCodeOf(address.country);
  const errors: Record<string, string[]> = {};
  let phone = { phone: '', verified: false };
  if (address.phone) {
    const checked = checkPhone(address.phone, countryCode);
    if (checked.ok) phone = checked;
    else errors[field('phone')] = [`${label}${checked.message}`];
  }
  const postalCode = tidyPostalCode(address.postal_code);
  if (postalCode && countryCode && !isPostalCodeOf(postalCode, countryCode))
    errors[field('postal_code')] = [`${label}${postalCodeMessage(countryName(countryCode))}`];
  return { countryCode, phone, postalCode, errors };
}

/**
 * Issue 25: the phone read with the order's country (ISO code or English name) as its region —
 * stored in E.164 when valid, as typed when it only looks like a phone, refused when it is none —
 * and the postcode checked with the country's pattern where one is known; the same for a
 * different delivery address. Refusals are field errors, before anything is written.
 */
export function prepareBilling(form: BillingData): PreparedBilling {
  const { shipping_address: shipping, ...billing } = form;
  const read = readAddress(billing, (name) => name);
  const delivery = shipping ? readAddress(shipping, () => 'shipping_address', 'Delivery address: ') : undefined;
  const errors = { ...read.errors, ...delivery?.errors };
  if (Object.keys(errors).length > 0) throw Invalid.fields(errors);
  return {
    ...billing,
    phone: read.phone.phone,
    phoneVerified: read.phone.verified,
    postal_code: read.postalCode,
    countryCode: read.countryCode,
    shipping: shipping && delivery ? storedAddress(shipping, delivery) : null,
  };
}

function storedAddress(shipping: ShippingAddress, read: ReturnType<typeof readAddress>): StoredAddress {
  return {
    first_name: shipping.first_name,
    last_name: shipping.last_name,
    address_line_1: shipping.address_line_1,
    address_line_2: shipping.address_line_2,
    postal_code: read.postalCode,
    city: shipping.city,
    state: shipping.state,
    country: shipping.country,
    country_code: read.countryCode,
    phone: read.phone.phone,
    phone_verified: read.phone.verified,
  };
}

/** A stored delivery address as the shop answers it (the phone written out). */
export function deliveryAddress(stored: StoredAddress | null): DeliveryAddress | null {
  if (!stored) return null;
  const { phone_verified: _verified, phone, ...address } = stored;
  return { ...address, phone: formatPhone(phone) };
}

/** The lines of a postal address, whichever it is. */
export type PostalAddress = Pick<
  StoredAddress,
  'first_name' | 'last_name' | 'address_line_1' | 'address_line_2' | 'postal_code' | 'city' | 'state' | 'country'
>;

/** An order's billing address (its contract columns and postcode) as a postal address. */
export const billingAddressOf = (order: {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
}): PostalAddress => ({
  first_name: order.firstName,
  last_name: order.lastName,
  address_line_1: order.addressLine1,
  address_line_2: order.addressLine2,
  postal_code: order.postalCode,
  city: order.city,
  state: order.state,
  country: order.country,
});

/** An address written out on lines, as on a parcel: name, street, postcode and city, region, country. */
export function addressLines(address: PostalAddress): string[] {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  return [
    name,
    address.address_line_1,
    address.address_line_2,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    address.state,
    address.country,
  ].filter(Boolean);
}
