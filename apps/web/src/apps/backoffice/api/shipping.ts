import { useQuery } from '@tanstack/react-query';
import type {
  Country,
  ShippingZone,
  ShippingZoneCreate,
  ShippingZoneUpdate,
  TaxRate,
  TaxRateCreate,
  TaxRateUpdate,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { LIST_PATHS } from './list-page';
import { countriesKey, resourceKey } from './query-keys';
import { useBoMutation } from './use-bo-mutation';

/**
 * Issue 28: shipping zones (`/api/backoffice/shipping-zones/`) and tax rates
 * (`/api/backoffice/tax-rates/`). A shop has a handful of each: the pages take them all.
 */

const ZONES = LIST_PATHS['shipping-zones'];
const TAXES = LIST_PATHS['tax-rates'];

export function useCountries() {
  return useQuery({ queryKey: countriesKey, queryFn: () => apiRequest<Country[]>('/api/v1/countries/'), staleTime: Infinity });
}

export function useShippingZones() {
  return useQuery({ queryKey: resourceKey('shipping-zones'), queryFn: () => apiRequest<ShippingZone[]>(ZONES) });
}

export function useTaxRates() {
  return useQuery({ queryKey: resourceKey('tax-rates'), queryFn: () => apiRequest<TaxRate[]>(TAXES) });
}

/** Creates the zone, or (with an id) replaces its fields. */
export const useSaveZone = () =>
  useBoMutation(
    ({ id, zone }: { id: number | null; zone: ShippingZoneCreate & ShippingZoneUpdate }) =>
      id === null
        ? apiRequest<ShippingZone>(ZONES, { method: 'POST', json: zone })
        : apiRequest<ShippingZone>(`${ZONES}${id}/`, { method: 'PATCH', json: zone }),
    ['shipping-zones'],
  );

export const useDeleteZone = () =>
  useBoMutation((id: number) => apiRequest<void>(`${ZONES}${id}/`, { method: 'DELETE' }), ['shipping-zones']);

export const useSaveTaxRate = () =>
  useBoMutation(
    ({ id, rate }: { id: number | null; rate: TaxRateCreate & TaxRateUpdate }) =>
      id === null
        ? apiRequest<TaxRate>(TAXES, { method: 'POST', json: rate })
        : apiRequest<TaxRate>(`${TAXES}${id}/`, { method: 'PATCH', json: rate }),
    ['tax-rates'],
  );

export const useDeleteTaxRate = () =>
  useBoMutation((id: number) => apiRequest<void>(`${TAXES}${id}/`, { method: 'DELETE' }), ['tax-rates']);
