/** The back office's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every back-office query starts with this key: a role change or logout drops them all. */
export const backofficeKey = ['backoffice'] as const;

export type BoResource =
  | 'categories'
  | 'products'
  | 'stock'
  | 'orders'
  | 'reports'
  | 'accounts'
  | 'audit'
  | 'customers'
  | 'discounts'
  | 'shipping-zones'
  | 'tax-rates';

/** Every query about one kind of thing (its lists and its single items): what a change invalidates. */
export const resourceKey = (resource: BoResource) => [...backofficeKey, resource] as const;
/** One page of a list, for one choice of page, sorting, search and filters. */
export const listKey = (resource: BoResource, params: Record<string, string>) =>
  [...resourceKey(resource), 'list', params] as const;
export const productKey = (id: number) => [...resourceKey('products'), 'item', id] as const;
/** A product's variants: reloaded with the products (a change of colours makes new ones). */
export const variantsKey = (id: number) => [...resourceKey('products'), 'variants', id] as const;
export const orderKey = (id: number) => [...resourceKey('orders'), 'item', id] as const;
/** Issue 28: one customer's page. */
export const customerKey = (id: number) => [...resourceKey('customers'), 'item', id] as const;
export const overviewKey = [...backofficeKey, 'overview'] as const;
/** Every category, for the product editor's choice and the categories page. */
export const allCategoriesKey = [...resourceKey('categories'), 'all'] as const;
/** Issue 28: every country (for shipping zones and tax rates); they never change while the page is open. */
export const countriesKey = [...backofficeKey, 'countries'] as const;
