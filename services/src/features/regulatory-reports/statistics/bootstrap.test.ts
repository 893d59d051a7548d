import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapDifference, bootstrapInterval, panelReplicates } from './bootstrap.ts';
import { probePanel } from './probe-panel.ts';
import { quantile } from './quantile.ts';
import { panelStatistic } from './resampled-statistic.ts';
import { normalPanel } from './seeded-panel.fixture.ts';
import { seededRandom } from './seeded-random.ts';
import type { Statistic } from './statistic.ts';

// The bootstrap done the long way: the same draws from the same stream (each resample's probes one after the other),
// the drawn probes' measurements written out, sorted, and the statistic taken of that list.

type Panel = readonly (readonly number[])[];
const byValue = (a: number, b: number) => a - b;
const sorted = (values: readonly number[]) => [...values].sort(byValue);

function naiveStatistic(drawn: Panel, statistic: Statistic): number {
  const pooled = drawn.flat();
  switch (statistic.kind) {
    case 'mean':
      return pooled.reduce((total, value) => total + value, 0) / pooled.length;
    case 'shareAtLeast':
      return pooled.filter((value) => value >= statistic.threshold).length / pooled.length;
    case 'shareAtMost':
      return pooled.filter((value) => value <= statistic.threshold).length / pooled.length;
    case 'quantile':
      return quantile(sorted(pooled), statistic.p);
    case 'consistentSpeed':
      return quantile(sorted(drawn.map((values) => quantile(sorted(values), 0.2))), 0.2);
  }
}

const drawProbes = (random: ReturnType<typeof seededRandom>, panel: Panel) =>
  panel.map(() => panel[random.index(panel.length)]!);

function naiveReplicates(panel: Panel, statistic: Statistic, resamples: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: resamples }, () => naiveStatistic(drawProbes(random, panel), statistic));
}

function naiveDifferences(a: Panel, b: Panel, statistic: Statistic, resamples: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: resamples }, () => {
    const drawnA = drawProbes(random, a);
    return naiveStatistic(drawnA, statistic) - naiveStatistic(drawProbes(random, b), statistic);
  });
}

const naiveInterval = (replicates: readonly number[], confidence = 0.95) => {
  const ordered = sorted(replicates);
  return { low: quantile(ordered, (1 - confidence) / 2), high: quantile(ordered, (1 + confidence) / 2) };
};

const speeds = normalPanel({
  probes: 60,
  measurementsPerProbe: 25,
  centre: 80,
  betweenProbes: 20,
  withinProbe: 15,
  seed: 1,
});
const otherSpeeds = normalPanel({
  probes: 45,
  measurementsPerProbe: 25,
  centre: 70,
  betweenProbes: 20,
  withinProbe: 15,
  seed: 2,
});
const wholeSpeeds = normalPanel({
  probes: 60,
  measurementsPerProbe: 25,
  centre: 80_000,
  betweenProbes: 20_000,
  withinProbe: 15_000,
  seed: 3,
  whole: true,
});

// Every kind whose fast result is exact: a quantile and the consistent speed pick measured values and interpolate the
// same way; a share divides the same whole counts.
const exactStatistics: Statistic[] = [
  { kind: 'quantile', p: 0.5 },
  { kind: 'quantile', p: 0.1 },
  { kind: 'quantile', p: 0.95 },
  { kind: 'quantile', p: 0 },
  { kind: 'quantile', p: 1 },
  { kind: 'shareAtLeast', threshold: 75 },
  { kind: 'shareAtMost', threshold: 60 },
  { kind: 'consistentSpeed' },
];
const everyStatistic: Statistic[] = [...exactStatistics, { kind: 'mean' }];
// The least and greatest measurements barely move from resample to resample: most resamples hold them.
const interiorStatistics = everyStatistic.filter(
  (statistic) => statistic.kind !== 'quantile' || (statistic.p > 0 && statistic.p < 1),
);
const options = { resamples: 200, seed: 2024 };

describe('bootstrapInterval (cluster bootstrap over probes)', () => {
  it('gives, resample by resample, what the resamples written out and sorted give, to the last bit', () => {
    for (const statistic of exactStatistics) {
      const fast = Array.from(panelReplicates(probePanel(speeds), statistic, options));
      expect(fast, statistic.kind).toEqual(naiveReplicates(speeds, statistic, options.resamples, options.seed));
      expect(bootstrapInterval(speeds, statistic, options)).toEqual(
        naiveInterval(naiveReplicates(speeds, statistic, options.resamples, options.seed)),
      );
    }
  });

  it('gives what the long way gives on any small panel, any seed and any statistic but the mean', () => {
    const statistic = fc.oneof(
      fc.record({ kind: fc.constant('quantile' as const), p: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('shareAtLeast' as const), threshold: fc.integer({ min: 0, max: 10 }) }),
      fc.constant({ kind: 'consistentSpeed' as const }),
    );
    const panel = fc.array(fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 6 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(panel, statistic, fc.integer({ min: 0, max: 0xffff_ffff }), (values, chosen, seed) => {
        const withData = values.filter((ofProbe) => ofProbe.length > 0);
        fc.pre(withData.length > 0);
        const fast = panelReplicates(probePanel(values), chosen, { resamples: 20, seed });
        expect(Array.from(fast)).toEqual(naiveReplicates(withData, chosen, 20, seed));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same means, exactly where the sums are exact (whole numbers), else to rounding', () => {
    const mean: Statistic = { kind: 'mean' };
    const whole = Array.from(panelReplicates(probePanel(wholeSpeeds), mean, options));
    expect(whole).toEqual(naiveReplicates(wholeSpeeds, mean, options.resamples, options.seed));
    const fractional = panelReplicates(probePanel(speeds), mean, options);
    naiveReplicates(speeds, mean, options.resamples, options.seed).forEach((reference, resample) => {
      expect(fractional[resample]).toBeCloseTo(reference, 10);
    });
  });

  it('gives the same interval from the same seed, and another from another seed', () => {
    for (const statistic of interiorStatistics) {
      expect(bootstrapInterval(speeds, statistic, options)).toEqual(bootstrapInterval(speeds, statistic, options));
      expect(bootstrapInterval(speeds, statistic, options)).not.toEqual(
        bootstrapInterval(speeds, statistic, { ...options, seed: 2025 }),
      );
    }
  });

  it('contains the estimate on a normal panel, and narrows at a lower confidence', () => {
    const panel = probePanel(speeds);
    for (const statistic of interiorStatistics) {
      const estimate = panelStatistic(panel, statistic);
      const interval = bootstrapInterval(speeds, statistic, options)!;
      expect(interval.low, statistic.kind).toBeLessThan(estimate);
      expect(interval.high, statistic.kind).toBeGreaterThan(estimate);
      const narrower = bootstrapInterval(speeds, statistic, { ...options, confidence: 0.5 })!;
      expect(narrower.high - narrower.low).toBeLessThan(interval.high - interval.low);
    }
  });

  it('has no width when every probe measured the same', () => {
    const identical = Array.from({ length: 30 }, () => [72.5, 80.25, 91.125, 64, 88.5]);
    for (const statistic of everyStatistic) {
      const { low, high } = bootstrapInterval(identical, statistic, options)!;
      expect(high - low, statistic.kind).toBeCloseTo(0, 12);
      expect(low).toBeCloseTo(panelStatistic(probePanel(identical), statistic), 12);
    }
  });

  it('ignores probes without measurements, and is null when no probe has any', () => {
    const withEmpty = [...speeds, [], []];
    expect(bootstrapInterval(withEmpty, { kind: 'quantile', p: 0.5 }, options)).toEqual(
      bootstrapInterval(speeds, { kind: 'quantile', p: 0.5 }, options),
    );
    expect(bootstrapInterval([], { kind: 'mean' }, options)).toBeNull();
    expect(bootstrapInterval([[], []], { kind: 'mean' }, options)).toBeNull();
  });

  it('refuses options and statistics outside their range', () => {
    const median: Statistic = { kind: 'quantile', p: 0.5 };
    expect(() => bootstrapInterval(speeds, median, { resamples: 0, seed: 1 })).toThrow(RangeError);
    expect(() => bootstrapInterval(speeds, median, { resamples: 2.5, seed: 1 })).toThrow(RangeError);
    expect(() => bootstrapInterval(speeds, median, { resamples: 10, seed: -1 })).toThrow(RangeError);
    expect(() => bootstrapInterval(speeds, median, { ...options, confidence: 1 })).toThrow(RangeError);
    expect(() => bootstrapInterval(speeds, { kind: 'quantile', p: 95 }, options)).toThrow(RangeError);
  });
});

describe('bootstrapDifference (two independent panels)', () => {
  it("draws the first panel's probes, then the second's, and gives what the long way gives", () => {
    for (const statistic of exactStatistics) {
      const result = bootstrapDifference(speeds, otherSpeeds, statistic, options)!;
      const reference = naiveInterval(
        naiveDifferences(speeds, otherSpeeds, statistic, options.resamples, options.seed),
      );
      expect({ low: result.low, high: result.high }, statistic.kind).toEqual(reference);
      expect(result.difference).toBe(naiveStatistic(speeds, statistic) - naiveStatistic(otherSpeeds, statistic));
    }
  });

  it('finds providers ten apart to differ, and a provider not to differ from itself', () => {
    const median: Statistic = { kind: 'quantile', p: 0.5 };
    const apart = bootstrapDifference(speeds, otherSpeeds, median, options)!;
    expect(apart.differs).toBe(true);
    expect(apart.low).toBeGreaterThan(0);
    expect(apart.low).toBeLessThan(apart.difference);
    expect(apart.high).toBeGreaterThan(apart.difference);
    for (const statistic of everyStatistic) {
      const itself = bootstrapDifference(speeds, speeds, statistic, options)!;
      expect(itself.difference).toBe(0);
      expect(itself.differs, statistic.kind).toBe(false);
    }
  });

  it('is null when either panel has no measurements', () => {
    expect(bootstrapDifference(speeds, [[]], { kind: 'mean' }, options)).toBeNull();
    expect(bootstrapDifference([], speeds, { kind: 'mean' }, options)).toBeNull();
  });
});
