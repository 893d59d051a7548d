import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const token = 'metrics-token-of-at-least-32-characters';

describe('who reads /metrics', () => {
  let open: TestApi;
  let guarded: TestApi;
  let onMetricsPort: TestApi;
  beforeAll(async () => {
    [open, guarded, onMetricsPort] = await Promise.all([
      openTestApi(),
      openTestApi({ METRICS_TOKEN: token }),
      openTestApi({ METRICS_PORT: '9464' }),
    ]);
  });
  afterAll(async () => {
    await open?.raw.close();
    await guarded?.raw.close();
    await onMetricsPort?.raw.close();
  });

  const read = (api: TestApi, request: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    api.raw.inject({ url: '/metrics', ...request });

  it('without a token configured: a caller on this host only, not one a local proxy forwards', async () => {
    expect((await read(open)).statusCode).toBe(200);
    const remote = await read(open, { remoteAddress: '203.0.113.9' });
    expect([remote.statusCode, remote.json().code]).toEqual([401, 'auth.unauthenticated']);
    expect(remote.body).not.toContain('http_requests_total');
    expect((await read(open, { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(401);
  });

  it('with a token configured: whoever sends it as a bearer, from anywhere; nobody else', async () => {
    const scraped = await read(guarded, { remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${token}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_requests_total');
    expect((await read(guarded)).statusCode).toBe(401);
    expect((await read(guarded, { headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(401);
  });

  it('with METRICS_PORT set: not on the API port (the metrics server answers there), still counting requests', async () => {
    expect((await read(onMetricsPort)).statusCode).toBe(404);
    await onMetricsPort.raw.inject({ url: '/health' });
    expect(await onMetricsPort.platform.metrics.metrics()).toContain(
      'http_requests_total{method="GET",route="/health"',
    );
  });
});
