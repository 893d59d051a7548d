import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves dist/ on its own port; in development Vite proxies API calls to it.
const apiPaths = [
  '/api',
  '/health',
  '/ready',
  '/docs',
  '/metrics',
  '/login',
  '/logout',
  '/account',
  '/profile',
  '/profiles',
  '/user',
  '/users',
  '/tags',
  '/tokens',
  '/api-credentials',
  '/task-suites',
  '/universes',
  '/moses',
  '/scorecards',
  '/probes',
  '/maps',
  '/technologies',
  '/test-analysis',
  '/medux',
  '/gateway',
];

export default defineConfig({
  plugins: [react()],
  // kepler.gl's packages each install react-palm; one copy keeps its task runner shared (kepler warns otherwise).
  resolve: {
    alias: {
      'react-palm': resolve(import.meta.dirname, '../node_modules/@kepler.gl/reducers/node_modules/react-palm'),
    },
  },
  // CONSOLE_OUT_DIR lets parallel builds (and the API's CONSOLE_DIR) use a folder of their own.
  build: {
    outDir: process.env.CONSOLE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
  },
  server: {
    proxy: Object.fromEntries(
      apiPaths.map((path) => [
        path,
        {
          target: 'http://127.0.0.1:8080',
          // Pages of the console with the same first segment (e.g. /maps) stay with Vite.
          bypass: (request: { headers: { accept?: string } }) =>
            request.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
});
