import { describe, expect, it } from 'vitest';
import { bootstrapDifference, bootstrapInterval } from './bootstrap.ts';
import { consistentSpeed } from './consistent-speed.ts';
import { mean, median } from './quantile.ts';
import { compareProviders, reportFigure } from './report-figure.ts';
import { normalPanel } from './seeded-panel.fixture.ts';

const options = { resamples: 300, seed: 11 };
const speeds = normalPanel({
  probes: 40,
  measurementsPerProbe: 20,
  centre: 50,
  betweenProbes: 10,
  withinProbe: 8,
  seed: 21,
});
const slower = normalPanel({
  probes: 35,
  measurementsPerProbe: 20,
  centre: 40,
  betweenProbes: 10,
  withinProbe: 8,
  seed: 22,
});
const withEmpty = [...speeds, []];

describe('reportFigure', () => {
  it('gives the value, its interval, the confidence and the measurements and probes it rests on', () => {
    const figure = reportFigure(withEmpty, { kind: 'quantile', p: 0.5 }, options);
    expect(figure).toEqual({
      value: median(speeds.flat()),
      ...bootstrapInterval(speeds, { kind: 'quantile', p: 0.5 }, options),
      confidence: 0.95,
      measurements: speeds.flat().length,
      probes: speeds.length,
    });
  });

  it('gives each statistic of the pooled measurements', () => {
    expect(reportFigure(speeds, { kind: 'mean' }, options).value).toBeCloseTo(mean(speeds.flat()), 10);
    const reaching = speeds.flat().filter((value) => value >= 45).length / speeds.flat().length;
    expect(reportFigure(speeds, { kind: 'shareAtLeast', threshold: 45 }, options).value).toBe(reaching);
    expect(reportFigure(speeds, { kind: 'consistentSpeed' }, options).value).toBe(consistentSpeed(speeds));
  });

  it('has no value or interval without measurements, but says so with its counts', () => {
    expect(reportFigure([[], []], { kind: 'mean' }, { ...options, confidence: 0.9 })).toEqual({
      value: null,
      low: null,
      high: null,
      confidence: 0.9,
      measurements: 0,
      probes: 0,
    });
  });
});

describe('compareProviders', () => {
  it("gives both providers' figures and their difference", () => {
    const statistic = { kind: 'quantile', p: 0.5 } as const;
    const comparison = compareProviders(withEmpty, slower, statistic, options);
    expect(comparison.a).toEqual(reportFigure(speeds, statistic, options));
    expect(comparison.b).toEqual(reportFigure(slower, statistic, options));
    expect(comparison.difference).toEqual(bootstrapDifference(speeds, slower, statistic, options));
    expect(comparison.difference?.differs).toBe(true);
  });
});
