import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
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

export default defineConfig(({ isSsrBuild }) => ({
  // The server-render bundle (`vite build --ssr`, into dist-ssr): everything in one bundle, so the
  // server needs no web library installed; none of the browser build's reports and copies.
  plugins: isSsrBuild ? [react()] : [react(), chunkReport(), preloadShell(), preloadFonts(), precompress()],
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
}));
