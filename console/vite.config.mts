import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API serves dist/ on its own port; in development Vite proxies API calls to it: every first segment of the paths in
// the OpenAPI document the API's routes write (contracts/openapi.json, which `cli.ts openapi --check` holds current),
// and the API's paths that document leaves out.
const openApi = JSON.parse(readFileSync(resolve(import.meta.dirname, '../contracts/openapi.json'), 'utf8')) as {
  paths: Record<string, unknown>;
};
const undocumentedApiPaths = ['/docs', '/metrics'];
const apiPaths = [
  ...new Set([...Object.keys(openApi.paths).map((path) => `/${path.split('/')[1]}`), ...undocumentedApiPaths]),
];

export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside each text and WebAssembly file, which the API sends to the clients that accept them.
    // Brotli quality 9: the map chunk is 11% larger than at 11, which takes 20 times as long (≈ 17 s here).
    compression({
      include: /\.(js|css|html|json|geojson|svg|wasm)$/,
      threshold: 1024,
      logLevel: 'silent',
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      ],
    }),
  ],
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
    // The kepler.gl map chunk (≈ 12 MB minified) loads only on map routes; the first page's size is held by the shell
    // e2e test instead.
    chunkSizeWarningLimit: 13_000,
    rolldownOptions: {
      // Warnings about third-party code (kepler.gl's dependencies) are theirs to fix, not for whoever starts the product.
      onLog(level, log, handler) {
        if (level === 'warn' && log.id?.includes('/node_modules/')) return;
        handler(level, log);
      },
    },
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
