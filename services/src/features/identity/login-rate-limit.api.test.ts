import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

/** Login and password reset go unsigned: each client address has a budget of attempts per minute. */
describe('login rate limiting', { timeout: 60_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => api?.raw.close());

  const attempt = (remoteAddress: string, url = '/login') =>
    api.raw.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload: url === '/login' ? { email: 'someone@test.nq', password: 'guess' } : { email: 'someone@test.nq' },
    });

  it('answers 429 with Retry-After once an address has spent its attempts, and not to other addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt('198.51.100.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await attempt('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'request.tooMany', details: { limitPerMinute: 3 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('198.51.100.7', '/account/password/reset')).statusCode).toBe(429);
    expect((await attempt('198.51.100.8')).statusCode).toBe(401);
  });
});
