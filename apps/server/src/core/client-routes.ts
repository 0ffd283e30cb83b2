import fs from 'node:fs';
import path from 'node:path';

/** A react-router path pattern as a regular expression: `:name` one segment, `:name?` maybe, `*` the rest. */
export function patternOf(route: string): RegExp {
  const parts = route
    .replace(/\/+$/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${parts.join('')}/?$`, 'i');
}

/**
 * Whether a path is one of the web app's pages, from the `routes.json` the web build writes (issue 26:
 * any other path answers the not-found page with 404). Undefined without that file (an older build):
 * then every path is served as a page, as before.
 */
export function loadClientRoutes(distDir: string): ((pathname: string) => boolean) | undefined {
  let routes: unknown;
  try {
    routes = JSON.parse(fs.readFileSync(path.join(distDir, 'routes.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(routes) || routes.length === 0) return undefined;
  const patterns = routes.filter((route): route is string => typeof route === 'string').map(patternOf);
  return (pathname) => {
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    return patterns.some((pattern) => pattern.test(decoded));
  };
}
