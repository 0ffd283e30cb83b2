import type { Deps } from '../core/deps.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { publicOrigin } from '../core/request-origin.js';
import { createCatalogueService } from './catalogue.service.js';

/** The product page's client route (the SPA's `productTaberna`). */
const PRODUCT_PAGE = /^\/taberna-store\/category\/([^/]{1,200})\/([^/]{1,200})\/?$/;
const TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;

/**
 * The picture a product page opens with (issue 12: its largest paint), for the page's HTML to
 * preload: the URL the product's API answer gives the gallery's first picture, from the same read,
 * kept a minute per origin and product and dropped when the shop changes. Any other path, an
 * unknown or hidden product, or one without pictures, preloads nothing.
 */
export function createProductPagePreload(deps: Pick<Deps, 'db' | 'media' | 'events'>) {
  const catalogue = createCatalogueService(deps);
  const cache = new Map<string, { images: string[]; expiresAt: number }>();
  const subscription = deps.events.subscribe(CHANNELS.content, (event) => {
    if (event.type === 'content.changed' && event.scopes.includes('shop')) cache.clear();
  });

  async function read(productSlug: string): Promise<string[]> {
    try {
      const { product } = await catalogue.detail(productSlug, null);
      const first = product.image ?? product.productgallery[0]?.image;
      return first ? [first] : [];
    } catch {
      // Not found (or the read failed): the page shows its own answer; the HTML just preloads nothing.
      return [];
    }
  }

  async function images(pathname: string): Promise<string[]> {
    const match = PRODUCT_PAGE.exec(pathname);
    if (!match) return [];
    let productSlug: string;
    try {
      productSlug = decodeURIComponent(match[2]!);
    } catch {
      return [];
    }
    const key = `${publicOrigin('')} ${productSlug}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.images;
    const found = await read(productSlug);
    cache.delete(key);
    cache.set(key, { images: found, expiresAt: Date.now() + TTL_MS });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return found;
  }

  return { images, close: () => subscription.end() };
}
