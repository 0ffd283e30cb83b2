import type { Credentials, TokenPair } from '@portal/contracts';
import { ApiError, apiRequest } from '../../api/api-client';
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

/** Contract §3.7's answer for a valid account that has no shop profile yet. */
const NO_SHOP_PROFILE = 'User profile does not exist.';

/**
 * Deviation 14: an account without a shop profile still logs in to the portal (through the
 * account login); the shop then offers its one-step join instead of refusing.
 */
export async function loginShopOrAccount(credentials: Credentials): Promise<TokenPair & { shopProfile: boolean }> {
  try {
    return { ...(await loginShop(credentials)), shopProfile: true };
  } catch (error) {
    if (!(error instanceof ApiError && (error.body as { error?: unknown } | null)?.error === NO_SHOP_PROFILE)) throw error;
    return { ...(await loginSocial(credentials)), shopProfile: false };
  }
}
