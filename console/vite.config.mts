import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves dist/ on its own port; in development Vite proxies API calls to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/health', '/ready', '/docs', '/metrics'].map((path) => [path, 'http://127.0.0.1:8080']),
    ),
  },
});
