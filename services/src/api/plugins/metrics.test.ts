import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const token = 'metrics-token-of-at-least-32-characters';

describe('who reads /metrics', () => {
  let open: TestApi;
  let guarded: TestApi;
  beforeAll(async () => {
    [open, guarded] = await Promise.all([openTestApi(), openTestApi({ METRICS_TOKEN: token })]);
  });
  afterAll(async () => {
    await open?.raw.close();
    await guarded?.raw.close();
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
});
