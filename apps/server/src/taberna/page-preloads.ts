import type { Deps } from '../core/deps.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { publicOrigin } from '../core/request-origin.js';
import type { PagePreloads } from '../core/web-app.plugin.js';
import { createCatalogueService } from './catalogue.service.js';

/** The product page's client route (the SPA's `productTaberna`) and the shop's home (`homeTaberna`). */
const PRODUCT_PAGE = /^\/taberna-store\/category\/([^/]{1,200})\/([^/]{1,200})\/?$/;
const SHOP_HOME = /^\/taberna\/?$/;
/** The web build's modules of those pages (its layout's and page's, keys of Vite's manifest). */
export const SHOP_PAGE_MODULES = {
  product: ['src/apps/taberna/layout/taberna-layout.tsx', 'src/apps/taberna/pages/product-page.tsx'],
  home: ['src/apps/taberna/layout/taberna-layout.tsx', 'src/apps/taberna/pages/home-page.tsx'],
};
const TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;

/**
 * The picture a shop page opens with (issue 12: its largest paint), for the page's HTML to preload:
 * on a product page the gallery's first picture, on the shop's home the first of the latest
 * products' pictures — the URLs their API answers give, from the same reads, kept a minute per
 * origin and page and dropped when the shop changes. Any other path, an unknown or hidden product,
 * or one without pictures, preloads nothing.
 */
export function createShopPagePreloads(deps: Pick<Deps, 'db' | 'media' | 'events' | 'expensiveReads'>) {
  const catalogue = createCatalogueService(deps);
  const cache = new Map<string, { images: string[]; expiresAt: number }>();
  const subscription = deps.events.subscribe(CHANNELS.content, (event) => {
    if (event.type === 'content.changed' && event.scopes.includes('shop')) cache.clear();
  });

  async function read(productSlug: string | undefined): Promise<string[]> {
    try {
      let first: string | null | undefined;
      if (productSlug === undefined) {
        first = (await catalogue.latest())[0]?.image;
      } else {
        const { product } = await catalogue.detail(productSlug, null);
        first = product.image ?? product.productgallery[0]?.image;
      }
      return first ? [first] : [];
    } catch {
      // Not found (or the read failed): the page shows its own answer; the HTML just preloads nothing.
      return [];
    }
  }

  async function images(productSlug: string | undefined): Promise<string[]> {
    const key = `${publicOrigin('')} ${productSlug ?? '(home)'}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.images;
    const found = await read(productSlug);
    cache.delete(key);
    cache.set(key, { images: found, expiresAt: Date.now() + TTL_MS });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return found;
  }

  /** A shop page's preloads: its modules, and its picture when there is one. */
  async function preloads(pathname: string): Promise<PagePreloads> {
    const match = PRODUCT_PAGE.exec(pathname);
    if (match) {
      let productSlug: string;
      try {
        productSlug = decodeURIComponent(match[2]!);
      } catch {
        return { images: [], modules: [] };
      }
      return { images: await images(productSlug), modules: SHOP_PAGE_MODULES.product };
    }
    if (SHOP_HOME.test(pathname)) return { images: await images(undefined), modules: SHOP_PAGE_MODULES.home };
    return { images: [], modules: [] };
  }

  return { preloads, close: () => subscription.end() };
}
