import { describe, expect, it } from 'vitest';
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
});
