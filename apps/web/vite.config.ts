import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { chunkReport } from './vite-plugins/chunk-report';
import { precompress } from './vite-plugins/precompress';
import { preloadFonts, preloadShell } from './vite-plugins/preload-shell';

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

export default defineConfig({
  plugins: [react(), chunkReport(), preloadShell(), preloadFonts(), precompress()],
  resolve: { conditions: ['portal-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // Fonts stay files: inlined as base64, the small subsets (Greek, Vietnamese...) made the render-blocking
    // stylesheet 47 KB for glyphs most pages never use; as files the browser fetches only the subsets a page shows.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // three.js in one named chunk that only Hyper 3D's pages load; the model
      // loaders (and the helpers only they use) stay in chunks of their own, fetched per file type.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'three',
              // three has no dependencies, so the group pulls nothing else (React, zustand) in with it.
              test: /node_modules[\\/]three[\\/]((?!examples[\\/])|examples[\\/]jsm[\\/](controls|environments)[\\/])/,
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
});
