import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { processHealth } from '../health/process-health.ts';
import { freePort } from '../testing/free-port.ts';
import { serveOperations } from './operations-server.ts';

const token = 'metrics-token-of-at-least-32-characters';

describe('the operations endpoints of a worker process', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function serve(options: { samePort?: boolean; token?: string } = {}) {
    const health = processHealth();
    const registry = new Registry();
    new Counter({ name: 'nq_test_total', help: 'a test counter', registers: [registry] }).inc(2);
    let opened: Registry | undefined;
    const healthPort = await freePort();
    const metricsPort = options.samePort ? healthPort : await freePort();
    const server = await serveOperations({
      host: '127.0.0.1',
      health: { port: healthPort, components: health },
      metrics: { port: metricsPort, registry: () => opened, token: options.token },
    });
    closers.push(server.close);
    return {
      health,
      open: () => {
        opened = registry;
      },
      get: (port: number, path: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers }),
      healthPort,
      metricsPort,
    };
  }

  it('answers /ready 503 while starting and 200 once every component is ready, listing each with its lag', async () => {
    const { health, get, healthPort } = await serve();
    health.starting('platform', 'opening the adapters');
    const starting = await get(healthPort, '/ready');
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({
      status: 'starting',
      components: [{ name: 'platform', state: 'starting', reason: 'opening the adapters' }],
    });
    health.forget('platform');
    health.watch('ingest-worker', () => ({ state: 'ready', lag: 12 }));
    const ready = await get(healthPort, '/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      components: [{ name: 'ingest-worker', state: 'ready', lag: 12 }],
    });
  });

  it('answers /health 200 while no loop has ended, 503 naming the one that has', async () => {
    const { health, get, healthPort } = await serve();
    let ended: string | undefined;
    health.watch(
      'ingest-worker',
      () => ({ state: 'unavailable', reason: 'the broker is down' }),
      () => ended,
    );
    const alive = await get(healthPort, '/health');
    expect(alive.status).toBe(200);
    expect(await alive.json()).toMatchObject({ status: 'alive' });
    ended = 'its loop ended: boom';
    const dead = await get(healthPort, '/health');
    expect(dead.status).toBe(503);
    expect(await dead.json()).toMatchObject({
      status: 'failed',
      components: [{ name: 'ingest-worker', state: 'failed', reason: 'its loop ended: boom' }],
    });
  });

  it('serves /metrics on its own port once the platform is open; the health port has none, and vice versa', async () => {
    const { open, get, healthPort, metricsPort } = await serve();
    expect((await get(metricsPort, '/metrics')).status).toBe(503);
    open();
    const scraped = await get(metricsPort, '/metrics');
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('nq_test_total 2');
    expect((await get(healthPort, '/metrics')).status).toBe(404);
    expect((await get(metricsPort, '/ready')).status).toBe(404);
  });

  it('serves both on one port when HEALTH_PORT and METRICS_PORT are the same', async () => {
    const { open, get, healthPort } = await serve({ samePort: true });
    open();
    expect((await get(healthPort, '/metrics')).status).toBe(200);
    expect((await get(healthPort, '/health')).status).toBe(200);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, and a proxied caller is refused without it', async () => {
    const guarded = await serve({ token });
    guarded.open();
    expect((await guarded.get(guarded.metricsPort, '/metrics')).status).toBe(401);
    const scraped = await guarded.get(guarded.metricsPort, '/metrics', { authorization: `Bearer ${token}` });
    expect(scraped.status).toBe(200);
    const open = await serve();
    open.open();
    expect((await open.get(open.metricsPort, '/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
  });
});
