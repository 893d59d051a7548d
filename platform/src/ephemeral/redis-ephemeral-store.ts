import { openRedis } from '../redis/redis-connection.ts';
import { isSentinelUrl } from '../redis/redis-url.ts';
import type { EphemeralStore } from './ephemeral-store-port.ts';

export interface RedisEphemeralStoreOptions {
  redisUrl: string;
  /** Put before every key, so deployments (and test runs) sharing a server keep apart. */
  prefix?: string;
}

// INCR and the window's expiry in one step: a crash between two commands would leave a counter that never resets.
// A key found without expiry (e.g. written by hand) gets one, so it cannot block its caller for ever.
const incrementInWindow = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export async function openRedisEphemeralStore({
  redisUrl,
  prefix = 'nq:',
}: RedisEphemeralStoreOptions): Promise<EphemeralStore> {
  const replicated = isSentinelUrl(redisUrl);
  const redis = openRedis(redisUrl, {
    lazyConnect: true,
    keyPrefix: prefix,
    // Commands fail fast while the server is unreachable instead of queueing until it is back.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // These calls sit on the request path (nonce checks, rate limits): a server that stops answering must not hang it.
    commandTimeout: 2_000,
  });
  redis.on('error', () => undefined); // surfaces as rejected commands and through /ready, not as an unhandled event
  await redis.connect().catch(() => undefined);

  return {
    adapter: 'redis',
    claimOnce: async (key, ttlMs) => {
      const claimed = (await redis.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK';
      // Behind sentinels, a claim (a request's nonce) is on a replica before it counts, so that a failover right
      // after cannot forget it and accept the same request again; without any replica answering within a second it
      // counts anyway (only the primary's crash in that second could then lose it).
      if (claimed && replicated) await redis.wait(1, 1_000);
      return claimed;
    },
    increment: async (key, windowMs) => {
      const [count, resetInMs] = (await redis.eval(incrementInWindow, 1, key, windowMs)) as [number, number];
      return { count, resetInMs };
    },
    count: async (key) => Number((await redis.get(key)) ?? 0),
    reset: async (key) => void (await redis.del(key)),
    ping: async () => void (await redis.ping()),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
