import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the console's production build on the API's port. The console routes in history mode, so a browser's
 * GET of any page that is not an API path answers index.html.
 */
export const consolePlugin = fp(async (app: FastifyInstance, { consoleDir }: { consoleDir: string }) => {
  const built = existsSync(join(consoleDir, 'index.html'));
  if (!built) app.log.warn({ consoleDir }, 'console build not found: run `npm run build` (the start command does)');
  else await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: false });
  app.decorate('consoleIndex', async (reply: import('fastify').FastifyReply) =>
    built
      ? reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
      : reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.'),
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    consoleIndex(reply: FastifyReply): Promise<FastifyReply>;
  }
}
