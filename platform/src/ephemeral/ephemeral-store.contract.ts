import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../testing/wait-for.ts';
import type { EphemeralStore } from './ephemeral-store-port.ts';

/** The behaviour every EphemeralStore adapter must show. Each adapter's test file calls this with a factory. */
export function describeEphemeralStore(name: string, open: () => Promise<EphemeralStore>) {
  describe(`EphemeralStore contract — ${name}`, () => {
    let store: EphemeralStore;
    const newKey = () => `contract:${randomUUID()}`;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store?.close());

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('grants exactly one of many concurrent claims of a key', async () => {
      const key = newKey();
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claimOnce(key, 10_000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimOnce(key, 10_000)).toBe(false);
    });

    it('lets a key be claimed again once its ttl has passed', async () => {
      const key = newKey();
      expect(await store.claimOnce(key, 100)).toBe(true);
      expect(await store.claimOnce(key, 100)).toBe(false);
      await sleep(150);
      expect(await store.claimOnce(key, 100)).toBe(true);
    });

    it('counts increments within a window and starts again after it', async () => {
      const key = newKey();
      const first = await store.increment(key, 300);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(0);
      expect(first.resetInMs).toBeLessThanOrEqual(300);
      expect((await store.increment(key, 300)).count).toBe(2);
      const third = await store.increment(key, 300);
      expect(third.count).toBe(3);
      // The window is fixed: later increments do not push its end back.
      expect(third.resetInMs).toBeLessThanOrEqual(first.resetInMs);
      await sleep(350);
      expect((await store.increment(key, 300)).count).toBe(1);
    });

    it('reads a count without moving it', async () => {
      const key = newKey();
      expect(await store.count(key)).toBe(0);
      await store.increment(key, 200);
      await store.increment(key, 200);
      expect(await store.count(key)).toBe(2);
      expect(await store.count(key)).toBe(2);
      expect((await store.increment(key, 200)).count).toBe(3);
      await sleep(250);
      expect(await store.count(key)).toBe(0);
    });

    it('counts concurrent increments exactly', async () => {
      const key = newKey();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.increment(key, 10_000)));
      expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('forgets a claim or a counter on reset', async () => {
      const claimed = newKey();
      await store.claimOnce(claimed, 10_000);
      await store.reset(claimed);
      expect(await store.claimOnce(claimed, 10_000)).toBe(true);

      const counted = newKey();
      await store.increment(counted, 10_000);
      await store.increment(counted, 10_000);
      await store.reset(counted);
      expect((await store.increment(counted, 10_000)).count).toBe(1);

      await expect(store.reset(newKey())).resolves.toBeUndefined();
    });

    it('keeps keys independent', async () => {
      const [a, b] = [newKey(), newKey()];
      expect(await store.claimOnce(a, 10_000)).toBe(true);
      expect(await store.claimOnce(b, 10_000)).toBe(true);
      const [c, d] = [newKey(), newKey()];
      await store.increment(c, 10_000);
      await store.increment(c, 10_000);
      expect((await store.increment(d, 10_000)).count).toBe(1);
      await store.reset(c);
      expect((await store.increment(d, 10_000)).count).toBe(2);
      for (const key of [a, b, c, d]) await store.reset(key);
    });
  });
}
