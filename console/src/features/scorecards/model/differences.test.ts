import type { WindowScores } from '@nq/contracts/analytics/scorecard-calculation';
import { describe, expect, it } from 'vitest';
import { differencesOf, rawValueOf } from './differences.ts';

const window = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Etc/UTC' };
const scores = (entities: [string, number | null, number | null][]): WindowScores => ({
  window,
  entities: entities.map(([entity, score, latency]) => ({
    entity,
    rank: score === null ? null : 1,
    score,
    coverage: 100,
    kpis: [
      {
        kpi: 'latency',
        weight: 100,
        score,
        fringes: [{ fringe: null, value: latency, count: latency === null ? 0 : 2, score }],
      },
    ],
  })),
});

describe('differences between two calculations', () => {
  it("weighs each fringe's average by its count", () => {
    expect(
      rawValueOf({
        kpi: 'latency',
        weight: 100,
        score: 5,
        fringes: [
          { fringe: { start: 0, end: 12 }, value: 10, count: 3, score: 5 },
          { fringe: { start: 12, end: 24 }, value: 30, count: 1, score: 5 },
          { fringe: null, value: null, count: 0, score: null },
        ],
      }),
    ).toBe(15);
  });

  it('pairs each entity and KPI of both, the current order first, missing sides as null', () => {
    const differences = differencesOf(
      scores([
        ['orange', 4, 50],
        ['vodafone', 6, 30],
      ]),
      scores([
        ['movistar', 8, 20],
        ['orange', 5, 45],
      ]),
    );
    expect(differences.map((row) => row.entity)).toEqual(['movistar', 'orange', 'vodafone']);
    expect(differences[1]).toMatchObject({
      baseline: { score: 4 },
      current: { score: 5 },
      kpis: [{ kpi: 'latency', baseline: { score: 4, value: 50 }, current: { score: 5, value: 45 } }],
    });
    expect(differences[0]!.baseline.score).toBeNull();
    expect(differences[2]!.current).toEqual({ score: null, rank: null });
  });
});
