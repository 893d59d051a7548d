import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from '@nq/contracts';
import type { Registry } from 'prom-client';
import { livenessOf, readinessOf } from '../health/component-health.ts';
import type { ProcessHealth } from '../health/process-health.ts';
import { mayReadMetrics } from './metrics-access.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
};

/** /health and /ready of a worker process, from what its components report. */
function healthRoutes(health: ProcessHealth): Record<string, Handler> {
  return {
    '/health': async (_request, response) => {
      const failed = health.failures();
      const status = livenessOf(failed);
      answer(response, status === 'alive' ? 200 : 503, {
        status,
        uptimeSeconds: Math.round(process.uptime()),
        ...(failed.length > 0 ? { components: failed } : {}),
      });
    },
    '/ready': async (_request, response) => {
      const components = await health.reports();
      const status = readinessOf(components);
      answer(response, status === 'ready' ? 200 : 503, { status, components });
    },
  };
}

/** Prometheus /metrics, read under the same rule as on the API port; 503 until the platform has opened. */
function metricsRoutes(registry: () => Registry | undefined, token: string | undefined): Record<string, Handler> {
  return {
    '/metrics': async (request, response) => {
      if (!mayReadMetrics(request, token)) return answer(response, 401, errorBody('auth.unauthenticated', 'en'));
      const metrics = registry();
      if (!metrics) return answer(response, 503, { status: 'starting' });
      const text = await metrics.metrics();
      response.writeHead(200, { 'content-type': metrics.contentType });
      response.end(text);
    },
  };
}

export interface OperationsOptions {
  host: string;
  /** HEALTH_PORT: /health and /ready (worker processes; the API answers them on its own port). */
  health?: { port: number; components: ProcessHealth };
  /** METRICS_PORT: /metrics; `registry` is undefined until the platform has opened. */
  metrics?: { port: number; registry: () => Registry | undefined; token?: string | undefined };
}

/**
 * The small HTTP servers of the operations endpoints, on Node's http module (a worker process loads no API): one per
 * port, both sets of routes on one server when HEALTH_PORT and METRICS_PORT are the same. Resolves once they listen.
 */
export async function serveOperations(options: OperationsOptions) {
  const servedOn = new Map<string, { port: number; variables: string[]; routes: Record<string, Handler> }>();
  const add = (port: number, variable: string, routes: Record<string, Handler>) => {
    // Port 0 is any free one, never shared.
    const key = port === 0 ? variable : String(port);
    const known = servedOn.get(key);
    servedOn.set(key, {
      port,
      variables: [...(known?.variables ?? []), variable],
      routes: { ...known?.routes, ...routes },
    });
  };
  if (options.health) add(options.health.port, 'HEALTH_PORT', healthRoutes(options.health.components));
  if (options.metrics)
    add(options.metrics.port, 'METRICS_PORT', metricsRoutes(options.metrics.registry, options.metrics.token));

  const servers: Server[] = [];
  const bound = new Map<string, number>();
  try {
    for (const { port, variables, routes } of servedOn.values()) {
      const server = createServer((request, response) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const route = request.method === 'GET' || request.method === 'HEAD' ? routes[path] : undefined;
        if (!route) return answer(response, 404, errorBody('resource.notFound', 'en'));
        route(request, response).catch((error: unknown) =>
          answer(response, 500, { status: 'error', reason: error instanceof Error ? error.message : String(error) }),
        );
      });
      // Probes must not keep a stopping process alive.
      server.keepAliveTimeout = 1_000;
      servers.push(server);
      server.listen(port, options.host);
      await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        throw new Error(
          `${variables.join(' and ')} ${port} is already in use on ${options.host}: give each process on this host ` +
            'its own port (HEALTH_PORT=0 takes any free one)',
        );
      });
      for (const variable of variables) bound.set(variable, (server.address() as AddressInfo).port);
    }
  } catch (error) {
    for (const server of servers) server.close();
    throw error;
  }
  return {
    /** The port each variable's endpoints listen on (HEALTH_PORT=0: the one the system chose). */
    portOf: (variable: 'HEALTH_PORT' | 'METRICS_PORT') => bound.get(variable),
    close: async () => {
      await Promise.all(
        servers.map(async (server) => {
          server.closeAllConnections();
          await new Promise((closed) => server.close(closed));
        }),
      );
    },
  };
}
