import type { FastifyInstance } from 'fastify';

/** `METHOD /path/{param}/`, as the OpenAPI document names an operation. */
export type RouteKey = string;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the app's OpenAPI document (`/api/docs/json`). */
export function documentedRoutes(app: FastifyInstance): RouteKey[] {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([url, operations]) =>
    METHODS.filter((method) => operations[method]).map((method) => `${method.toUpperCase()} ${url}`),
  );
}

/** A route with its parameters and trailing slash made uniform, so router, document and table forms compare. */
export const routeShape = (url: string) =>
  url
    .split('/')
    .map((segment) => (/^[:{]/.test(segment) ? '{}' : segment))
    .join('/')
    .replace(/(.)\/$/, '$1');

/**
 * Every route the router knows (GET and the write methods; HEAD and the CORS preflight come with
 * them), read from `printRoutes()`: a tree whose lines carry a path piece and, for routes, methods.
 */
export function routerRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    // A wildcard under a static piece prints without its slash (`api/docs` then `*`).
    const url = parent + (match[2] === '*' && parent !== '' && !parent.endsWith('/') ? '/' : '') + match[2]!;
    stack.push(url);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}

/** Routes the router serves that the document does not describe (sockets, the web app, docs pages), as the router names them. */
export function undocumentedRoutes(app: FastifyInstance): RouteKey[] {
  const documented = new Set(documentedRoutes(app).map(routeShape));
  return routerRoutes(app)
    .map(({ method, url }) => `${method} ${url}`)
    .filter((key) => !documented.has(routeShape(key)));
}
