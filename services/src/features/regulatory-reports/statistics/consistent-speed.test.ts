import { describe, expect, it } from 'vitest';
import { consistentSpeed } from './consistent-speed.ts';
import { probePanel } from './probe-panel.ts';
import { panelStatistic } from './resampled-statistic.ts';
import { normalPanel } from './seeded-panel.fixture.ts';

// Each probe's 20th percentile by hand: position (n − 1) × 0.2 among its sorted tests.
const panel = [
  [50, 10, 40, 20, 30], // position 0.8: 10 + 0.8 × 10 = 18
  [100], // 100
  [5, 5, 100, 5, 5], // position 0.8 between 5 and 5: 5
  [60, 50], // position 0.2: 50 + 0.2 × 10 = 52
];

describe('consistentSpeed (80/80)', () => {
  it("takes the 20th percentile across probes of each probe's 20th percentile", () => {
    // 5, 18, 52, 100: position 0.6, 5 + 0.6 × 13.
    expect(consistentSpeed(panel)).toBeCloseTo(12.8, 12);
  });

  it('leaves out probes without tests, and is NaN when none has any', () => {
    expect(consistentSpeed([...panel, []])).toBe(consistentSpeed(panel));
    expect(consistentSpeed([[], []])).toBeNaN();
  });

  it("is the panel's own statistic in the bootstrap's machinery", () => {
    const data = normalPanel({
      probes: 120,
      measurementsPerProbe: 30,
      centre: 90,
      betweenProbes: 15,
      withinProbe: 25,
      seed: 5,
    });
    expect(panelStatistic(probePanel(data), { kind: 'consistentSpeed' })).toBe(consistentSpeed(data));
  });
});
