import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** The output chunk built from `moduleSuffix` (its facade module), and every chunk it imports statically. */
export function staticChunkClosure(bundle: Bundle, moduleSuffix: string): string[] {
  const start = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.replace(/\\/g, '/').endsWith(moduleSuffix),
  );
  if (!start || start.type !== 'chunk') throw new Error(`no chunk is built from ${moduleSuffix}`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}

/**
 * Adds `<link rel="modulepreload">` for the root route's lazy chunk (the providers, MUI's core, the
 * theme: what every page renders with) and its static imports to index.html. The browser then fetches
 * them beside the entry chunk instead of after it has run; the entry stays small, so it is parsed and
 * run sooner. Each app's own chunks stay lazy: no page downloads another app's code.
 */
export function preloadShell(moduleSuffix = 'src/app/root-layout.tsx'): Plugin {
  return {
    name: 'portal-preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.chunk) return [];
        const already = new Set([context.chunk.fileName, ...context.chunk.imports]);
        return staticChunkClosure(context.bundle, moduleSuffix)
          .filter((fileName) => !already.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Adds `<link rel="preload" as="font">` for the Roboto files the first paint uses (latin 400 and 500:
 * body text, headings and buttons). Found late (only once the CSS applies to rendered text), they
 * swap in after the first paint; Lighthouse named them among the causes of a product page's layout
 * shift on desktop (that shift, CLS 0.58, was the scrollbar appearing and the footer being pushed
 * away: see `scrollbarGutter` in the theme and the product page's skeleton).
 */
export function preloadFonts(pattern = /roboto-latin-(400|500)-normal-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'portal-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const fonts = Object.keys(context.bundle).filter((fileName) => pattern.test(fileName));
        if (fonts.length === 0) throw new Error(`no font file matches ${pattern}`);
        return fonts.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
