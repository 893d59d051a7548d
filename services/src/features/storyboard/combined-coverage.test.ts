import type { KpiId, QueryCoverage } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { combinedCoverage } from './combined-coverage.ts';

// The storyboard's KPI charts: one query per KPI, the same days and scope.
const suggested = (kpi: KpiId): Extract<QueryCoverage, { source: 'raw' }> => ({
  source: 'raw',
  months: 1,
  suggestion: { name: `daily-isp-${kpi}`, grain: 'day', timeZone: 'Europe/Madrid', dimensions: ['isp'], kpis: [kpi] },
});

describe("the coverage of queries answered together (the storyboard's KPIs)", () => {
  it('suggests one cube keeping every KPI read raw', () => {
    expect(combinedCoverage([suggested('download'), suggested('upload'), suggested('latency')])).toEqual({
      source: 'raw',
      months: 1,
      suggestion: {
        name: 'daily-isp-download-upload-latency',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['isp'],
        kpis: ['download', 'upload', 'latency'],
      },
    });
  });

  it('reads raw when any query does, over the most months; the cube for those only, and why others have none', () => {
    expect(
      combinedCoverage([
        { source: 'cube', cube: 'daily' },
        { ...suggested('upload'), months: 2 },
        { source: 'raw', months: 1, building: 'national' },
        { source: 'raw', months: 0, uncoverable: ['receivedUntil'] },
        { source: 'raw', months: 1, uncoverable: ['range', 'conditions'] },
      ]),
    ).toEqual({
      source: 'raw',
      months: 2,
      building: 'national',
      suggestion: {
        name: 'daily-isp-upload',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['isp'],
        kpis: ['upload'],
      },
      uncoverable: ['conditions', 'receivedUntil', 'range'],
    });
  });

  it('names the cubes answering every query; nothing to read is none', () => {
    const daily: QueryCoverage = { source: 'cube', cube: 'daily' };
    expect(combinedCoverage([daily, daily, { source: 'none' }])).toEqual(daily);
    expect(combinedCoverage([daily, { source: 'cube', cube: 'latency-hourly' }])).toEqual({
      source: 'cube',
      cube: 'daily, latency-hourly',
    });
    expect(combinedCoverage([{ source: 'none' }, { source: 'none' }])).toEqual({ source: 'none' });
    expect(combinedCoverage([])).toEqual({ source: 'none' });
  });
});
