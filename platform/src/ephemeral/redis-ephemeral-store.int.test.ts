import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { infra } from '../testing/infra.ts';
import { describeEphemeralStore } from './ephemeral-store.contract.ts';
import { openRedisEphemeralStore } from './redis-ephemeral-store.ts';

// A prefix of its own per run, so parallel runs on one server do not see each other's keys.
const newPrefix = () => `nq-test-${randomUUID()}:`;

describeEphemeralStore('redis', () => openRedisEphemeralStore({ redisUrl: infra.redisUrl, prefix: newPrefix() }));

describe('redis ephemeral store', () => {
  it('stores its keys under the prefix, with the expiry of their window', async () => {
    const prefix = newPrefix();
    const store = await openRedisEphemeralStore({ redisUrl: infra.redisUrl, prefix });
    const raw = new Redis(infra.redisUrl);
    try {
      await store.claimOnce('nonce', 5_000);
      await store.increment('counter', 5_000);
      expect(await raw.pttl(`${prefix}nonce`)).toBeGreaterThan(4_000);
      expect(await raw.pttl(`${prefix}counter`)).toBeGreaterThan(4_000);
      expect(await raw.exists('nonce', 'counter')).toBe(0);
    } finally {
      await raw.del(`${prefix}nonce`, `${prefix}counter`);
      raw.disconnect();
      await store.close();
    }
  });

  it('gives a counter left without expiry a window, so it cannot block for ever', async () => {
    const prefix = newPrefix();
    const store = await openRedisEphemeralStore({ redisUrl: infra.redisUrl, prefix });
    const raw = new Redis(infra.redisUrl);
    try {
      await raw.set(`${prefix}stuck`, '7');
      expect(await store.increment('stuck', 5_000)).toEqual({ count: 8, resetInMs: 5_000 });
      expect(await raw.pttl(`${prefix}stuck`)).toBeGreaterThan(4_000);
    } finally {
      await raw.del(`${prefix}stuck`);
      raw.disconnect();
      await store.close();
    }
  });

  it('rejects at once, instead of hanging, while the server is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused.
    const store = await openRedisEphemeralStore({ redisUrl: 'redis://127.0.0.1:1', prefix: newPrefix() });
    const started = Date.now();
    await expect(store.claimOnce('k', 1_000)).rejects.toThrow();
    await expect(store.increment('k', 1_000)).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    await store.close();
  });
});
