import { errorBody, pickLanguage } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const wantsPage = (accept: string | undefined) => accept?.includes('text/html') ?? false;

/** Unknown paths: a browser navigating to a console route gets the console; any other caller gets route.notFound. */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && wantsPage(request.headers.accept)) return app.consoleIndex(reply);
    return reply.status(404).send(
      errorBody('route.notFound', pickLanguage(request.headers['accept-language']), {
        details: { method: request.method, path: request.url.split('?')[0] },
      }),
    );
  });
});
