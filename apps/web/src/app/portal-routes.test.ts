import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarly } from '../shared/api/early-data';
import { PORTAL_ROUTES, toRouteObject } from './portal-routes';

describe('the route table, composed from each app’s routes', () => {
  it('ends with the not-found page, and names and paths each route once', () => {
    expect(PORTAL_ROUTES.at(-1)).toMatchObject({ name: 'notFound', path: '*' });
    expect(PORTAL_ROUTES.filter((route) => route.path === '*')).toHaveLength(1);
    const names = PORTAL_ROUTES.map((route) => route.name);
    const paths = PORTAL_ROUTES.map((route) => route.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives the router each route’s meta as its handle, behind the guard', () => {
    const chat = PORTAL_ROUTES.find((route) => route.name === 'chatSocial')!;
    expect(toRouteObject(chat)).toMatchObject({
      id: 'chatSocial',
      path: '/social/chat',
      handle: { name: 'chatSocial', title: 'Chat', layout: 'mainSocial', requiresAuth: true },
    });
    expect(toRouteObject(PORTAL_ROUTES[0]!).handle).toMatchObject({ layout: 'mainAppsManager', requiresAuth: false });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('starts the route’s early requests from its loader on the first load only', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const product = toRouteObject(PORTAL_ROUTES.find((route) => route.name === 'productTaberna')!);
    const home = toRouteObject(PORTAL_ROUTES.find((route) => route.name === 'homeAppsManager')!);
    const load = (route: typeof product, params: Record<string, string>) =>
      (route.loader as (args: unknown) => unknown)({ request: new Request('http://portal.test/'), params, context: {} });
    load(product, { categorySlug: 'clothing', productSlug: 'organic-cotton-t-shirt' });
    expect(urls).toEqual(['/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt']);
    load(home, {});
    expect(urls).toHaveLength(1);
    await takeEarly('/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt', async () => null);
  });
});
