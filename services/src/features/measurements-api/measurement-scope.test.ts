import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { describe, expect, it } from 'vitest';
import { visibleIn, withinScope } from './measurement-scope.ts';

describe('one measurement within a profile scope', () => {
  const measurement = sampleMeasurement({
    isp: 'MOVISTAR',
    ispId: 'movistar',
    technology: 4,
    tags: ['gold'],
    campaigns: ['madrid'],
    clusters: [],
    measuredAt: '2026-03-01T10:00:00.000Z',
    kpis: { download: 80, latency: 20 },
  });

  it('is within a scope that restricts nothing, or whose every restriction admits it', () => {
    expect(withinScope(measurement, {})).toBe(true);
    expect(
      withinScope(measurement, {
        technologies: [4, 5],
        isps: ['movistar'],
        tags: ['gold', 'silver'],
        campaigns: ['madrid'],
        probes: [measurement.probeId],
        from: '2026-03-01T00:00:00Z',
        to: '2026-03-01T23:59:59Z',
      }),
    ).toBe(true);
  });

  it('is outside a scope any restriction of which leaves it out', () => {
    for (const scope of [
      { technologies: [5] },
      { isps: ['orange'] },
      { isps: ['MOVISTAR'] },
      { tags: ['silver'] },
      { clusters: ['k1'] },
      { probes: ['other'] },
      { from: '2026-03-02T00:00:00Z' },
      { to: '2026-02-28T23:59:59Z' },
    ])
      expect(withinScope(measurement, scope), JSON.stringify(scope)).toBe(false);
    expect(withinScope({ ...measurement, ispId: undefined }, { isps: ['movistar'] })).toBe(false);
  });

  it("shows only the scope's KPIs", () => {
    expect(visibleIn({ kpis: ['latency'] })(measurement).kpis).toEqual({ latency: 20 });
    expect(visibleIn({})(measurement)).toBe(measurement);
  });
});
