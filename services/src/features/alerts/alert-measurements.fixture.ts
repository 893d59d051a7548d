import type { EnrichedMeasurement } from '@nq/contracts';
import type { LogMessage } from '@nq/platform/log/log-port';

/** A landline speed test as the ingest workers publish it on `measurements.enriched`. */
export function speedTest(probeId: string, measuredAt: string, download: number): EnrichedMeasurement {
  return {
    schemaVersion: 1,
    measurementId: `${probeId}-${measuredAt}`,
    probeId,
    program: 'speedtest',
    testType: 'http-download',
    technology: 98,
    measuredAt,
    taskMode: 'active',
    status: 'Finished',
    kpis: { download },
    receivedAt: measuredAt,
    hour: 10,
    weekday: 4,
    fringe: 0,
    probeType: 'landline',
    campaigns: [],
    clusters: [],
    universes: [],
    tags: [],
    technologyLabel: 'Fibre',
  };
}

export const enrichedMessageOf = (measurement: EnrichedMeasurement): LogMessage => ({
  key: measurement.probeId,
  value: JSON.stringify(measurement),
});

/** An alert on landline download under 100 Mbps twice in an hour, by probe. */
export const slowDownloadAlert = (name: string, fields: Record<string, unknown> = {}) => ({
  name,
  type: 'landline',
  conditions: [{ program: 'speedtest', kpi: 'download', operator: 'lt', value: 100 }],
  interval: { value: 1, unit: 'hour' },
  eventsCount: 2,
  grouping: 'probe',
  ...fields,
});
