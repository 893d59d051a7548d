import { DomainError } from '@nq/contracts';
import { mayReadMetrics } from '@nq/platform/http/metrics-access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Prometheus metrics at /metrics: the registry is the platform's, so workers' gauges (lag, DLQ…) appear too. With
 * `route: false` (METRICS_PORT set) the requests are still measured, and the process's metrics server answers them.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    { registry, token, route = true }: { registry: Registry; token?: string; route?: boolean },
  ) => {
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
    if (!route) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayReadMetrics(request, token)) throw new DomainError('auth.unauthenticated');
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
);
