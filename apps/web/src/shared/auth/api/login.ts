import type { Credentials, TokenPair } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';
import { STORAGE_KEYS } from '../auth-storage';

export function loginSocial(credentials: Credentials): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/v1/token/', { method: 'POST', json: { ...credentials, activeApp: 'social' } });
}

/** The shop login also hands over the guest cart, so it joins the account (contract §3.7). */
export function loginShop(credentials: Credentials): Promise<TokenPair> {
  const cartId = localStorage.getItem(STORAGE_KEYS.cartId);
  return apiRequest<TokenPair>('/taberna-profiles/api/v1/token/', {
    method: 'POST',
    json: { ...credentials, cart_id: cartId || null, login_source: 'taberna', activeApp: 'taberna' },
  });
}
