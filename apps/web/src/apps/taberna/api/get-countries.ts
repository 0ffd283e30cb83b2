import { useQuery } from '@tanstack/react-query';
import type { Country } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { countriesKey } from './query-keys';

/** Every ISO 3166-1 country with its calling code and whether it uses postcodes (issue 25). */
export const getCountries = () => apiRequest<Country[]>('/api/v1/countries/');

export function useCountries() {
  return useQuery({ queryKey: countriesKey, queryFn: getCountries, staleTime: Infinity });
}
