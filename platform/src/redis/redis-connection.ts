import { Redis, type RedisOptions } from 'ioredis';
import { sentinelsOf } from './redis-url.ts';

/**
 * The connection options of REDIS_URL, for ioredis and BullMQ alike: one server (`redis://`, `rediss://`), or the
 * primary that sentinels name (`redis-sentinel://…`), followed across failovers.
 */
export function redisConnection(url: string): RedisOptions & { url?: string } {
  return sentinelsOf(url) ?? { url };
}

/** A client of REDIS_URL with these options. */
export function openRedis(url: string, options: RedisOptions = {}): Redis {
  const { url: single, ...connection } = redisConnection(url);
  return single ? new Redis(single, options) : new Redis({ ...connection, ...options });
}
