import { signRequest } from '@nq/contracts';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateRedisSentinel, startPrivateRedisSentinel } from '../testing/private-redis-sentinel.ts';
import type { Credentials } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

interface Answer {
  at: number;
  status: number;
  retryAfter?: string;
}

/**
 * Redis behind a sentinel, as production runs it: its primary killed (SIGKILL) while a probe keeps calling the
 * gateway, whose every request claims a nonce there. The requests fail only while the sentinel promotes the replica,
 * each with 503 and Retry-After, then succeed again with no process restarted; a request signed and accepted before
 * the crash is refused when sent again after it.
 */
describe('a Redis failover under load', { timeout: 240_000 }, () => {
  let redis: PrivateRedisSentinel;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestApi;
  let credentials: Credentials;
  const probeId = `failover${Date.now().toString(36)}`;

  beforeAll(async () => {
    [redis, database] = await Promise.all([startPrivateRedisSentinel('failover'), createTestDatabase()]);
    api = await openTestApi(distributedEnvironment(database, { REDIS_URL: redis.url }));
    credentials = await api.enrolProbe(probeId, 'Failover probe');
  }, 180_000);

  afterAll(async () => {
    await api?.raw.close();
    await redis?.destroy();
    await database?.drop();
  });

  const signed = async () => ({
    authorization: await signRequest(credentials, { method: 'GET', url: '/gateway/v1/configuration' }),
  });
  const call = async (headers: Record<string, string>): Promise<Answer> => {
    const response = await api.raw.inject({ method: 'GET', url: '/gateway/v1/configuration', headers });
    return {
      at: Date.now(),
      status: response.statusCode,
      ...(response.headers['retry-after'] ? { retryAfter: String(response.headers['retry-after']) } : {}),
    };
  };

  it('fails only during the promotion, with 503 and Retry-After, and accepts no request twice', async () => {
    const before = await redis.primaryPort();
    for (let index = 0; index < 10; index++) expect((await call(await signed())).status).toBe(200);
    // Accepted once before the crash: its nonce must survive the failover.
    const replayed = await signed();
    expect((await call(replayed)).status).toBe(200);

    await redis.primary.stop('SIGKILL');
    const killedAt = Date.now();
    const answers: Answer[] = [];
    let consecutive = 0;
    while (consecutive < 20) {
      const answer = await call(await signed());
      answers.push(answer);
      consecutive = answer.status === 200 ? consecutive + 1 : 0;
      if (Date.now() - killedAt > 120_000) break;
      await sleep(100);
    }
    const failed = answers.filter((answer) => answer.status !== 200);
    const lastFailure = failed.at(-1)?.at ?? killedAt;
    console.info(
      `Redis failover: ${failed.length} of ${answers.length} requests refused, ` +
        `served again ${((lastFailure - killedAt) / 1_000).toFixed(1)} s after the primary's crash`,
    );
    expect(consecutive, 'served again after the failover').toBe(20);
    for (const answer of failed) expect(answer).toMatchObject({ status: 503, retryAfter: expect.any(String) });
    // The sentinel waits a second before it calls the primary down, then promotes; a bounded window, not a race.
    expect(lastFailure - killedAt).toBeLessThan(60_000);
    await waitFor(
      'the sentinel to name the replica primary',
      async () => (await redis.primaryPort()) !== before,
      30_000,
    );

    const again = await call(replayed);
    expect(again.status).toBe(401);
    // Every later request still claims a fresh nonce on the new primary.
    expect((await call(await signed())).status).toBe(200);
    // The job queue and its workers find the new primary too (each on its own reconnection).
    let ready = await api.raw.inject('/ready');
    for (const deadline = Date.now() + 60_000; ready.statusCode !== 200 && Date.now() < deadline; await sleep(1_000))
      ready = await api.raw.inject('/ready');
    expect(ready.statusCode, ready.body).toBe(200);
  });
});
