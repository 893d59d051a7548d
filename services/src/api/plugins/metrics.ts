import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@nq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, type Registry } from 'prom-client';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read the metrics (they name routes, queues and volumes): a scraper sending the configured bearer token;
 * without one configured, a caller on this host only — its own socket, not a request a local proxy forwards.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback.has(request.socket.remoteAddress ?? '') && !forwarded;
}

/** Prometheus metrics at /metrics: the registry is the platform's, so workers' gauges (lag, DLQ…) appear too. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { registry, token }: { registry: Registry; token?: string }) => {
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const total = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      };
      duration.observe(labels, reply.elapsedTime / 1000);
      total.inc(labels);
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayReadMetrics(request, token)) throw new DomainError('auth.unauthenticated');
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
);
