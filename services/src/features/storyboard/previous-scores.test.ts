import type { WindowScores } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { previousScoresCache } from './previous-scores.ts';

const scores = (score: number): WindowScores => ({
  window: { from: '2026-09-27T00:00:00.000Z', to: '2026-10-26T23:59:59.999Z', timeZone: 'Etc/UTC' },
  entities: [{ entity: 'movistar', rank: 1, score, coverage: 100, kpis: [] }],
});

describe("the previous window's scores, kept a while", () => {
  it('computes a window once for 10 minutes, then again', async () => {
    let now = 0;
    let computed = 0;
    const cached = previousScoresCache(() => now);
    const compute = async () => scores(++computed);
    expect((await cached('sc-1|september', compute)).entities[0]!.score).toBe(1);
    now = 9 * 60_000;
    expect((await cached('sc-1|september', compute)).entities[0]!.score).toBe(1);
    expect((await cached('sc-2|september', compute)).entities[0]!.score).toBe(2);
    now = 11 * 60_000;
    expect((await cached('sc-1|september', compute)).entities[0]!.score).toBe(3);
  });

  it('keeps no failure: the next visit asks again', async () => {
    const cached = previousScoresCache(() => 0);
    await expect(cached('sc-1', async () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect((await cached('sc-1', async () => scores(7))).entities[0]!.score).toBe(7);
  });
});
