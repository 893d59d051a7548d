import type { CubeRebuild, CubeStatusList } from '@nq/contracts/analytics/cube-status';
import type { Cube } from '../api/cubes-api.ts';

/** A cube of Madrid's days by provider and technology, of two KPIs; and one of UTC hours by probe, of every KPI. */
export const cubes: Cube[] = [
  {
    id: 'cube-national',
    name: 'national-daily',
    description: 'Year-long national views',
    grain: 'day',
    timeZone: 'Europe/Madrid',
    dimensions: ['provider', 'technology'],
    kpis: ['download', 'latency'],
    version: 2,
  },
  {
    id: 'cube-probes',
    name: 'hourly-probes',
    grain: 'hour',
    timeZone: 'Etc/UTC',
    dimensions: ['probe'],
    kpis: [],
    version: 1,
  },
];

export const finishedRebuild: CubeRebuild = {
  rebuildId: 'rb-1',
  state: 'done',
  from: '2024-12-31T23:00:00.000Z',
  to: '2025-12-31T23:00:00.000Z',
  done: 80_000,
  total: 80_000,
  rows: 5_000,
  requestedAt: '2026-01-02T08:00:00.000Z',
  finishedAt: '2026-01-02T08:10:00.000Z',
};

/** The figures: the national cube answered 30 of the last day's 50 queries, 10 went to the raw measurements. */
export const status = (probesRebuild?: CubeRebuild): CubeStatusList => ({
  cubes: [
    {
      cubeId: 'cube-national',
      name: 'national-daily',
      rows: 123_456,
      buckets: 365,
      oldestBucket: '2024-12-31T23:00:00.000Z',
      newestBucket: '2025-12-30T23:00:00.000Z',
      sizeBytes: 12_345_678,
      hits: 30,
      misses: 10,
      lagMessages: 1_500,
      lastRebuild: finishedRebuild,
    },
    {
      cubeId: 'cube-probes',
      name: 'hourly-probes',
      rows: 0,
      buckets: 0,
      sizeBytes: 0,
      hits: 10,
      misses: 10,
      ...(probesRebuild ? { lastRebuild: probesRebuild } : {}),
    },
  ],
  rawQueries: 10,
});
