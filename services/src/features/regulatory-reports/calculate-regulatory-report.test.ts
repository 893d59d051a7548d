import type { EnrichedMeasurement, Profile } from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from '../analytics/index.ts';
import { calculateRegulatoryReport } from './calculate-regulatory-report.ts';

// The bootstrap draws probes by their place: the figures must not depend on the order the store answers in.

const definition = {
  name: 'Order',
  from: '2026-10-01',
  to: '2026-10-31',
  providers: ['fast'],
  kpis: [{ kpi: 'download', statistics: [{ kind: 'median' }, { kind: 'mean' }] }],
  minimumMeasurements: 1,
  minimumProbes: 1,
  resamples: 200,
  seed: 3,
};
const reports = {
  load: async () => ({
    state: { status: 'active', id: 'report', fields: definition, version: 1 },
    events: [{ position: '5:1' }],
  }),
} as unknown as EntityService;

const engineAnswering = (measurements: EnrichedMeasurement[]) =>
  ({
    async *scan() {
      yield measurements;
    },
  }) as unknown as AnalyticsEngine;

describe('a regulatory report calculation', () => {
  it('gives the same intervals whatever order the store answers the measurements in', async () => {
    const measurements = Array.from({ length: 60 }, (_, index) =>
      sampleMeasurement({
        provider: 'fast',
        probeId: `probe${index % 6}`,
        measuredAt: '2026-10-10T10:00:00.000Z',
        receivedAt: '2026-10-10T10:00:01.000Z',
        kpis: { download: 50 + ((index * 37) % 41) + (index % 6) * 7 },
      }),
    );
    const profile = { isGod: true, kpis: [], isps: [], tags: [], probes: [], campaigns: [], timeZone: 'Etc/UTC' };
    const caller = { profile: profile as unknown as Profile, now: new Date('2026-11-10T00:00:00Z') };
    const asked = (order: EnrichedMeasurement[]) =>
      calculateRegulatoryReport({ engine: engineAnswering(order), reports }, 'report', {}, caller);
    const forwards = await asked(measurements);
    const backwards = await asked(measurements.toReversed());
    expect(forwards.groups[0]!.figures[0]!.interval).not.toBeNull();
    expect(backwards.groups).toEqual(forwards.groups);
  });
});
