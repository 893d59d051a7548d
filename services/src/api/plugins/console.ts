import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// Server pages a browser may open itself (a signed download link included); every other page navigation belongs to
// the console.
const serverPages = /^\/(docs|health|ready|metrics|files-management\/download)(\/|\?|$)/;

/** A browser opening a page: an unsigned GET that wants HTML (API calls are signed and never ask for HTML). */
const isPageNavigation = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.headers.authorization === undefined &&
  (request.headers.accept?.includes('text/html') ?? false) &&
  !serverPages.test(request.url);

/** Vite names every file under assets/ by its content's hash: a changed file is a new URL, so browsers keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, and public files keep their names: browsers revalidate them (ETag). */
const REVALIDATE = 'no-cache';

/**
 * Serves the console's production build on the API's port. The console routes in history mode, so a browser's
 * navigation to any page answers index.html — also where a console page shares its path with an API collection
 * (the `/tokens` screen and `GET /tokens`). The build carries `.br` and `.gz` copies of its text and WebAssembly files
 * (made by the console's Vite build), sent to the clients that accept them.
 */
export const consolePlugin = fp(async (app: FastifyInstance, { consoleDir }: { consoleDir: string }) => {
  const built = existsSync(join(consoleDir, 'index.html'));
  if (!built) app.log.warn({ consoleDir }, 'console build not found: run `npm run build` (the start command does)');
  else
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in place of their file, never as files of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = relative(consoleDir, path).startsWith(`assets${sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  app.decorate('consoleIndex', async (reply: FastifyReply) =>
    built
      ? reply.type('text/html').sendFile('index.html')
      : reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.'),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (isPageNavigation(request) && !/\.\w+$/.test(request.url.split('?')[0] ?? '')) return app.consoleIndex(reply);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    consoleIndex(reply: FastifyReply): Promise<FastifyReply>;
  }
}
