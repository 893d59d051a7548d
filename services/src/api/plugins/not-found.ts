import { errorBody, pickLanguage, statusOf } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const wantsPage = (accept: string | undefined) => accept?.includes('text/html') ?? false;

/**
 * The longest path the API reads. Fastify's router refuses a longer path parameter before any hook (its own body, no
 * security headers): it is given this as its limit, so a parameter up to it reaches its route's schema, and a longer
 * path is refused here.
 */
export const maxPathLength = 8_192;

/** Where a refused path is routed (Fastify's `rewriteUrl`): a path no route has, answered by the not-found handler. */
const refusedPrefix = '/.refused/';
type PathRefusal = { code: 'request.invalidUrl' | 'request.pathTooLong'; params?: { max: number } };
const refusals: Record<string, PathRefusal> = {
  'invalid-url': { code: 'request.invalidUrl' },
  'too-long': { code: 'request.pathTooLong', params: { max: maxPathLength } },
};

/**
 * A path whose percent-encoding decodes to no UTF-8 text (`%E0%A4%A`) or longer than the router reads makes Fastify's
 * router fail before any hook (no security headers, no request id, Fastify's own body): rewritten to a path no route
 * has, it reaches the not-found handler through every hook and is refused from the catalogue there.
 */
export function rewriteRefusedPath(request: { url?: string }): string {
  const url = request.url ?? '/';
  const path = url.split('?')[0]!;
  if (path.length > maxPathLength) return `${refusedPrefix}too-long`;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return `${refusedPrefix}invalid-url`;
  }
}

/** Unknown paths: a browser navigating to a console route gets the console; any other caller gets route.notFound. */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler(async (request, reply) => {
    const refusal = request.url.startsWith(refusedPrefix)
      ? refusals[request.url.slice(refusedPrefix.length)]
      : undefined;
    if (refusal) {
      const language = pickLanguage(request.headers['accept-language']);
      return reply.status(statusOf(refusal.code)).send(errorBody(refusal.code, language, { params: refusal.params }));
    }
    if (request.method === 'GET' && wantsPage(request.headers.accept)) return app.consoleIndex(reply);
    return reply.status(404).send(
      errorBody('route.notFound', pickLanguage(request.headers['accept-language']), {
        details: { method: request.method, path: request.url.split('?')[0] },
      }),
    );
  });
});
