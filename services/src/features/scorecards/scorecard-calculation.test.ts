import type { MosEntry, MosMappingFunction, ScorecardFields } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { type MeasuredValues, scoredKpis, scoreEntities } from './scorecard-calculation.ts';

// Hand-computed examples of the formula documented in scorecard-calculation.ts (max score 10 throughout).

type Scorecard = Pick<ScorecardFields, 'kpis' | 'mosEntries' | 'maxScore'>;

const entry = (kpi: string, mappingFunction: MosMappingFunction, changes: Partial<MosEntry> = {}): MosEntry => ({
  kpi,
  weight: 50,
  min: 0,
  max: 1000,
  operator: 'gte',
  mappingFunction,
  limits: { lower: 10, upper: 50, absoluteUpper: 100 },
  ...changes,
});

/** download 60 % all day (linear 10 → 50 Mbps); latency 40 % in two fringes (inverted linear 20 → 100 ms). */
const scorecard: Scorecard = {
  maxScore: 10,
  kpis: [
    { kpi: 'download', weight: 60, fringes: [] },
    {
      kpi: 'latency',
      weight: 40,
      fringes: [
        { start: 8, end: 14 },
        { start: 18, end: 22 },
      ],
    },
  ],
  mosEntries: [
    entry('download', 'linear'),
    entry('latency', 'invertedLinear', { limits: { lower: 20, upper: 100, absoluteUpper: 200 } }),
  ],
};

/** Measured averages by entity, then by KPI index, then by fringe index (a count of 10 unless given). */
type Table = Record<string, ((number | [value: number, count: number] | undefined)[] | undefined)[]>;
const measuredFrom =
  (table: Table): MeasuredValues =>
  (kpi, fringe, entity) => {
    const cell = table[entity]?.[kpi]?.[fringe];
    if (cell === undefined) return undefined;
    const [value, count] = typeof cell === 'number' ? [cell, 10] : cell;
    return { value, count };
  };

const scoresOf = (entities: string[], table: Table, card: Scorecard = scorecard) =>
  scoreEntities(card, entities, measuredFrom(table));
const only = (table: Table, card: Scorecard = scorecard) => scoresOf(['a'], table, card)[0]!;

describe('scorecard calculation', () => {
  it('scores a KPI value with its MOS entry, scaled to the max score', () => {
    // given download 30 Mbps, half way from lower 10 to upper 50
    const result = only({ a: [[30]] });
    // then the linear share 0.5 earns 5 of 10 points
    expect(result.kpis[0]).toEqual({
      kpi: 'download',
      weight: 60,
      score: 5,
      fringes: [{ fringe: null, value: 30, count: 10, score: 5 }],
    });
  });

  it('maps with each of the four functions between the limits', () => {
    // given 75 Mbps, between upper 50 and absolute upper 100
    const scoreWith = (mappingFunction: MosMappingFunction) =>
      only({ a: [[75]] }, { ...scorecard, mosEntries: [entry('download', mappingFunction)] }).kpis[0]!.score;
    // then linear and square root are full, double slope 0.8 + 0.2 × 0.5, inverted linear nothing
    expect(['linear', 'linearDoubleSlope', 'squareRoot', 'invertedLinear'].map((f) => scoreWith(f as never))).toEqual([
      10, 9, 10, 0,
    ]);
  });

  it('scores each fringe on its own and averages them, whatever their counts', () => {
    // given latency 40 ms in the morning fringe (many values) and 60 ms in the evening one (few)
    const result = only({
      a: [
        [],
        [
          [40, 500],
          [60, 3],
        ],
      ],
    });
    // then (100 − 40) / 80 → 7.5 and (100 − 60) / 80 → 5 average to 6.25
    expect(result.kpis[1]).toEqual({
      kpi: 'latency',
      weight: 40,
      score: 6.25,
      fringes: [
        { fringe: { start: 8, end: 14 }, value: 40, count: 500, score: 7.5 },
        { fringe: { start: 18, end: 22 }, value: 60, count: 3, score: 5 },
      ],
    });
  });

  it('weighs the KPI scores by the KPI weights into the total', () => {
    // given download 30 (5 points, 60 %) and latency 40 / 60 ms (6.25 points, 40 %)
    const result = only({ a: [[30], [40, 60]] });
    // then 0.6 × 5 + 0.4 × 6.25
    expect(result).toMatchObject({ entity: 'a', rank: 1, score: 5.5, coverage: 100 });
  });

  it('leaves a KPI without data out of the total, and the coverage says how much is left', () => {
    // given only latency, 20 ms in the morning fringe (full marks), nothing in the evening
    const result = only({ a: [undefined, [20]] });
    // then the total is the latency score alone, standing for its 40 % of the scorecard
    expect(result).toMatchObject({ score: 10, coverage: 40 });
    expect(result.kpis[0]).toMatchObject({ score: null, fringes: [{ value: null, count: 0, score: null }] });
  });

  it('ranks best first, equal totals sharing a rank, those without data last, ties in id order', () => {
    // given totals a 5.5, b 6, c 6, d 10 and e without data
    const result = scoresOf(['e', 'c', 'a', 'b', 'd'], {
      a: [[30], [40, 60]],
      b: [[50], [100]],
      c: [[50], [undefined, 100]],
      d: [undefined, [20]],
    });
    // then
    expect(result.map(({ entity, rank, score }) => [entity, rank, score])).toEqual([
      ['d', 1, 10],
      ['b', 2, 6],
      ['c', 2, 6],
      ['a', 4, 5.5],
      ['e', null, null],
    ]);
  });

  it('mixes several MOS entries on one KPI by their weights', () => {
    // given 20 Mbps scored linear (weight 75: share 0.25) and square root (weight 25: share √0.25 = 0.5)
    const card = {
      ...scorecard,
      mosEntries: [entry('download', 'linear', { weight: 75 }), entry('download', 'squareRoot', { weight: 25 })],
    };
    // then 10 × (0.75 × 0.25 + 0.25 × 0.5)
    expect(only({ a: [[20]] }, card).kpis[0]!.score).toBe(3.125);
  });

  it("brings a value within the entry's min and max before mapping it", () => {
    // given 80 Mbps and an entry accepting 0 to 40
    const card = { ...scorecard, mosEntries: [entry('download', 'linear', { max: 40 })] };
    // then it is scored as 40: (40 − 10) / 40 of the way
    expect(only({ a: [[80]] }, card).kpis[0]!.score).toBe(7.5);
  });

  it('does not score a KPI without MOS entry, which lowers the coverage', () => {
    // given latency has no entry
    const card = { ...scorecard, mosEntries: [entry('download', 'linear')] };
    const result = only({ a: [[30], [40, 60]] }, card);
    // then its values are shown, unscored, and the total is download's alone
    expect(result).toMatchObject({ score: 5, coverage: 60 });
    expect(result.kpis[1]!.fringes.map(({ value, score }) => [value, score])).toEqual([
      [40, null],
      [60, null],
    ]);
  });

  it('without KPIs, scores the KPIs of its MOS entries by their weights, over the whole day', () => {
    // given MOS entries only: download 30 % (5 points) and latency 70 % (40 ms: 7.5 points)
    const card: Scorecard = {
      maxScore: 10,
      kpis: [],
      mosEntries: [
        entry('download', 'linear', { weight: 30 }),
        entry('latency', 'invertedLinear', { weight: 70, limits: { lower: 20, upper: 100, absoluteUpper: 200 } }),
      ],
    };
    expect(scoredKpis(card)).toEqual([
      { kpi: 'download', weight: 30, fringes: [] },
      { kpi: 'latency', weight: 70, fringes: [] },
    ]);
    // then 0.3 × 5 + 0.7 × 7.5
    expect(only({ a: [[30], [40]] }, card).score).toBe(6.75);
  });
});
