/** The shop's API paths for its first views, without React Query: the route table (entry chunk) uses them too. */
export const LATEST_PRODUCTS_PATH = '/taberna-store/api/v1/latest-products/';
export const CATEGORIES_PATH = '/taberna-store/api/v1/product-categories/';

/** Contract §8.3: the reference client calls this path without the trailing slash. */
export const productPath = (categorySlug: string, productSlug: string) =>
  `/taberna-store/api/v1/products/${encodeURIComponent(categorySlug)}/${encodeURIComponent(productSlug)}`;
