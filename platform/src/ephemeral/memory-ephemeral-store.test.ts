import { describe, expect, it } from 'vitest';
import { sleep } from '../testing/wait-for.ts';
import { describeEphemeralStore } from './ephemeral-store.contract.ts';
import { openMemoryEphemeralStore } from './memory-ephemeral-store.ts';

describeEphemeralStore('memory', async () => openMemoryEphemeralStore());

describe('memory ephemeral store', () => {
  it('keeps live entries through the sweeps that drop expired ones', async () => {
    const store = openMemoryEphemeralStore();
    for (let i = 0; i < 15_000; i++) await store.claimOnce(`short:${i}`, 20);
    await store.claimOnce('long', 60_000);
    await sleep(30);
    for (let i = 0; i < 15_000; i++) await store.claimOnce(`next:${i}`, 60_000);
    expect(await store.claimOnce('long', 60_000)).toBe(false);
    expect(await store.claimOnce('next:0', 60_000)).toBe(false);
    expect(await store.claimOnce('short:0', 60_000)).toBe(true);
    await store.close();
  });
});
