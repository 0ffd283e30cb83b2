import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { chunkReport } from './vite-plugins/chunk-report.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadFonts, preloadShell } from './vite-plugins/preload-shell.ts';
import { routeList } from './vite-plugins/route-list.ts';

/** MUI, Emotion and React Query: what the `libs` chunk holds when at least ten pages share it. */
const SHARED_LIBS =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|@popperjs|react-transition-group|stylis|clsx|hoist-non-react-statics|react-is|@babel[\\/]runtime|@tanstack)[\\/]/;
/**
 * MUI components that the back office's many list and form pages share, but no app's first view uses:
 * counted by those pages they would reach ten and ride in `libs` on every first visit (issue 28's
 * Discounts, Shipping and Tax rates pages put Autocomplete, Checkbox and TableCell there, +10 KB gzip
 * for every app). They stay in chunks of their own, fetched with the pages that use them.
 */
const FORM_HEAVY =
  /node_modules[\\/]@mui[\\/]material[\\/](Autocomplete|useAutocomplete|Checkbox|ListSubheader|Table\w*|internal[\\/]svg-icons[\\/](CheckBox\w*|IndeterminateCheckBox))[\\/.]/;

const apiTarget = process.env.PORTAL_API ?? 'http://localhost:8000';
const proxied = [
  '/api',
  '/auth',
  '/taberna-store/api',
  '/taberna-cart/api',
  '/taberna-orders',
  '/taberna-profiles',
  '/static',
  '/healthz',
];

export default defineConfig(({ isSsrBuild }) => ({
  // Issue 26: a first `npm start` shows progress, not Vite's chunk tables; VERBOSE_BUILD=1 shows them.
  logLevel: process.env.VERBOSE_BUILD ? 'info' : 'warn',
  // The server-render bundle (`vite build --ssr`, into dist-ssr): everything in one bundle, so the
  // server needs no web library installed; none of the browser build's reports and copies.
  plugins: isSsrBuild ? [react(), routeList()] : [react(), chunkReport(), preloadShell(), preloadFonts(), precompress()],
  resolve: { conditions: ['portal-source', ...defaultClientConditions] },
  // The server bundle runs React's production build whatever NODE_ENV the server has (`npm start` sets none).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  ssr: {
    noExternal: true,
    resolve: { conditions: ['portal-source', ...defaultServerConditions], externalConditions: ['portal-source'] },
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    // The server's copy of the fonts and pictures is the browser build's: the render only needs their URLs.
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // Fonts stay files: inlined as base64, the small subsets (Greek, Vietnamese...) made the render-blocking
    // stylesheet 47 KB for glyphs most pages never use; as files the browser fetches only the subsets a page shows.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // three.js in one named chunk that only Hyper 3D's pages load; the model
      // loaders (and the helpers only they use) stay in chunks of their own, fetched per file type.
      // React in a chunk of its own (the entry's); MUI, Emotion and React Query modules that at least ten
      // pages share in one `libs` chunk: left to the automatic splitting, each MUI component was a chunk of
      // its own and an app's first view was 64–104 requests (a phone on a slow network pays a round trip
      // per batch of six); now 22–47, and fewer bytes for every app but the landing's (+3 KB). The rarely
      // used components (the back office's, the editors') stay in chunks with their pages.
      // The server bundle is read from disk once: its chunks need no grouping.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                {
                  name: 'three',
                  // three has no dependencies, so the group pulls nothing else (React, zustand) in with it.
                  test: /node_modules[\\/]three[\\/]((?!examples[\\/])|examples[\\/]jsm[\\/](controls|environments)[\\/])/,
                  priority: 2,
                },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                {
                  name: 'libs',
                  test: (id: string) => SHARED_LIBS.test(id) && !FORM_HEAVY.test(id),
                  minShareCount: 10,
                  priority: 1,
                },
              ],
            },
          },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries([
      ...proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }]),
      // The AI lab's API shares its prefix with its pages: page loads stay with Vite, calls go to the API.
      [
        '/ai-lab',
        {
          target: apiTarget,
          changeOrigin: true,
          bypass: (request: { method?: string; headers: { accept?: string }; url?: string }) =>
            request.method === 'GET' && request.headers.accept?.includes('text/html') ? request.url : undefined,
        },
      ],
      ['/ws', { target: apiTarget.replace(/^http/, 'ws'), ws: true }],
    ]),
  },
}));
