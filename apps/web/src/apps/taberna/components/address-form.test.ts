import { describe, expect, it } from 'vitest';
import type { Country } from '@portal/contracts';
import { billingRequest, checkoutErrors, initialCheckout } from './address-form';

const countries: Country[] = [
  { code: 'PT', name: 'Portugal', calling_code: '351', postal_code_required: true },
  { code: 'HK', name: 'Hong Kong', calling_code: '852', postal_code_required: false },
];
const saved = {
  first_name: 'Rosa',
  last_name: 'Tester',
  email: 'rosa@example.com',
  phone: '+351912345678',
  address_line_1: '1 Main Street',
  address_line_2: '',
  city: 'Lisbon',
  state: 'Lisbon',
  country: 'portugal',
  postal_code: '1100-148',
  country_code: null,
  shipping_address: null,
};

describe('the checkout form', () => {
  it('starts from the saved addresses, the country found in the list by name or code', () => {
    const values = initialCheckout(saved, countries);
    expect(values.billing.country).toBe('PT');
    expect(values.elsewhere).toBe(false);
    expect(initialCheckout(undefined, countries).billing.country).toBe('');
  });

  it('needs a postcode in the country pattern where the country has them, and a whole delivery address', () => {
    const values = initialCheckout(saved, countries);
    expect(checkoutErrors(values, countries)).toEqual({});
    expect(checkoutErrors({ ...values, billing: { ...values.billing, postal_code: '' } }, countries)).toEqual({
      postal_code: 'This field may not be blank.',
    });
    expect(checkoutErrors({ ...values, billing: { ...values.billing, postal_code: 'W1' } }, countries)).toEqual({
      postal_code: 'This is not a postcode of Portugal.',
    });
    expect(checkoutErrors({ ...values, billing: { ...values.billing, country: 'HK', postal_code: '' } }, countries)).toEqual({});
    const elsewhere = { ...values, elsewhere: true, shipping: { ...values.shipping, country: 'PT', city: 'Porto' } };
    expect(Object.keys(checkoutErrors(elsewhere, countries)).sort()).toEqual([
      'shipping.address_line_1',
      'shipping.first_name',
      'shipping.last_name',
      'shipping.postal_code',
    ]);
  });

  it('sends the country by its English name and the delivery address only when it differs', () => {
    const values = initialCheckout(saved, countries);
    expect(billingRequest(values, countries)).toMatchObject({ country: 'Portugal', shipping_address: null });
    const request = billingRequest({ ...values, elsewhere: true, shipping: { ...values.billing, country: 'HK' } }, countries);
    expect(request.shipping_address).toMatchObject({ country: 'Hong Kong', city: 'Lisbon' });
  });
});
