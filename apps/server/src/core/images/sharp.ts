import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on its first use rather than at start-up: it opens libvips, a native library, and
 * its JavaScript, about a tenth of the portal's module loading, which start-up waits for (issue 24),
 * while a portal may draw no picture for a long time.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
