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

  it('tells the attempts left, and answers 429 with Retry-After once an address has spent its attempts, and not to other addresses', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await attempt('198.51.100.7'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
    // Each answer tells the attempts left (RateLimit-* headers), the refused one how long to wait.
    expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers.map((answer) => answer.headers['ratelimit-limit'])).toEqual(['3', '3', '3']);
    const limited = await attempt('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'request.tooMany', details: { limitPerMinute: 3 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers).toMatchObject({ 'ratelimit-remaining': '0', 'ratelimit-policy': '3;w=60' });
    expect((await attempt('198.51.100.7', '/account/password/reset')).statusCode).toBe(429);
    expect((await attempt('198.51.100.8')).statusCode).toBe(401);
  });
});
