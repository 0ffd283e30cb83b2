import {
  FIELD_MESSAGES,
  isPostalCodeOf,
  postalCodeMessage,
  type BillingDefaults,
  type BillingForm,
  type Country,
  type DeliveryAddress,
} from '@portal/contracts';

/** An address as the checkout form holds it; `country` is the ISO code chosen in the list ('' for none). */
export interface AddressValues {
  first_name: string;
  last_name: string;
  phone: string;
  address_line_1: string;
  address_line_2: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
}

export interface CheckoutValues {
  billing: AddressValues & { email: string; order_note: string };
  /** Whether the parcel goes to another address than the billing one. */
  elsewhere: boolean;
  shipping: AddressValues;
}

const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  phone: '',
  address_line_1: '',
  address_line_2: '',
  postal_code: '',
  city: '',
  state: '',
  country: '',
};

/** The code of a country as saved (a code, or a name written some way), if it is in the list. */
function codeOf(countries: Country[], code: string | null | undefined, written: string): string {
  if (code && countries.some((country) => country.code === code)) return code;
  const typed = written.trim().toLowerCase();
  return countries.find((country) => country.name.toLowerCase() === typed || country.code.toLowerCase() === typed)?.code ?? '';
}

const fromDelivery = (countries: Country[], saved: DeliveryAddress): AddressValues => ({
  ...saved,
  country: codeOf(countries, saved.country_code, saved.country),
});

/** The form as it starts: the customer's names and last billing and delivery addresses. */
export function initialCheckout(saved: BillingDefaults | undefined, countries: Country[]): CheckoutValues {
  return {
    billing: {
      ...EMPTY_ADDRESS,
      email: '',
      order_note: '',
      ...saved,
      country: saved ? codeOf(countries, saved.country_code, saved.country) : '',
    },
    elsewhere: Boolean(saved?.shipping_address),
    shipping: saved?.shipping_address ? fromDelivery(countries, saved.shipping_address) : EMPTY_ADDRESS,
  };
}

/**
 * What the form checks before sending (the server checks everything again): a postcode where the
 * country has them, in its pattern, and the delivery address whole. Errors by field name, the
 * delivery address's under `shipping.<field>`.
 */
export function checkoutErrors(values: CheckoutValues, countries: Country[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (address: AddressValues, prefix: string) => {
    const country = countries.find((candidate) => candidate.code === address.country);
    const code = address.postal_code.trim();
    if (country?.postal_code_required && !code) errors[`${prefix}postal_code`] = FIELD_MESSAGES.blank;
    else if (country && code && !isPostalCodeOf(code, country.code))
      errors[`${prefix}postal_code`] = postalCodeMessage(country.name);
  };
  check(values.billing, '');
  if (values.elsewhere) {
    for (const field of ['first_name', 'last_name', 'address_line_1', 'city', 'country'] as const)
      if (!values.shipping[field].trim()) errors[`shipping.${field}`] = FIELD_MESSAGES.blank;
    check(values.shipping, 'shipping.');
  }
  return errors;
}

/** The billing form as the API takes it (contract §8.10 plus issue 25's postcode and delivery address). */
export function billingRequest(values: CheckoutValues, countries: Country[]): BillingForm {
  const name = (code: string) => countries.find((country) => country.code === code)?.name ?? '';
  const { billing, shipping } = values;
  return {
    ...billing,
    country: name(billing.country),
    shipping_address: values.elsewhere ? { ...shipping, country: name(shipping.country) } : null,
  };
}
