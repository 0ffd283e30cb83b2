import type { QueryKey } from '@tanstack/react-query';

/** The shop's React Query keys: built only here (eslint refuses a literal key elsewhere). */

export const latestProductsKey = ['taberna', 'latest-products'] as const;
export const categoriesKey = ['taberna', 'categories'] as const;

/** One cache entry per category and distinct choice of sorting and filters (`categoryFilterQuery`). */
export const categoryKey = (slug: string, filterQuery: string) => ['taberna', 'category', slug, filterQuery] as const;
/** Whether a query is one of the category `slug`'s, whatever its sorting and filters. */
export const isCategoryKeyOf = (key: QueryKey | undefined, slug: string) => key?.[2] === slug;

/** Every product page starts with this key. */
export const productRootKey = ['taberna', 'product'] as const;
/** Whether the caller may review depends on who is logged in: a cache entry each. */
export const productKey = (categorySlug: string, productSlug: string, loggedIn: boolean) =>
  [...productRootKey, categorySlug, productSlug, loggedIn] as const;

/** Every cart query starts with this key. */
export const cartRootKey = ['taberna', 'cart'] as const;
/** A customer's cart, or the guest cart of a cart id: a different cache entry each. */
export const cartKey = (scope: string) => [...cartRootKey, scope] as const;

/** Issue 28: the cart priced for a delivery country and shipping rate (under the cart's key, so cart changes refresh it). */
export const deliveredCartKey = (scope: string, country: string, rateId: number | null) =>
  [...cartRootKey, scope, 'delivered', country, rateId] as const;
/** The shipping rates of a country depend on the cart's subtotal (free over): under the cart's key too. */
export const shippingOptionsKey = (scope: string, country: string) => [...cartRootKey, scope, 'shipping', country] as const;

export const billingKey = ['taberna', 'billing'] as const;
export const ordersKey = ['taberna', 'orders'] as const;
export const paymentSuccessKey = (sessionId: string) => ['taberna', 'payment-success', sessionId] as const;
export const paymentFailedKey = (sessionId: string) => ['taberna', 'payment-failed', sessionId] as const;
export const testCheckoutKey = (sessionId: string) => ['taberna', 'test-checkout', sessionId] as const;
/** Every ISO country (the checkout's list): the same until the server restarts. */
export const countriesKey = ['taberna', 'countries'] as const;
