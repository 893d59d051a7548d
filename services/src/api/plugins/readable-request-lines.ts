import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** One log line per answered request, for a person reading a terminal: `GET /probes → 200 (12 ms)`. */
export const readableRequestLines: FastifyPluginAsync = fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](`${request.method} ${request.url} → ${reply.statusCode} (${reply.elapsedTime.toFixed(0)} ms)`);
  });
});
