import { randomUUID } from 'node:crypto';

/** A probe's download result as it sends it, measured now, with a fresh measurement id. */
export const sampleResult = (probeId: string, changes: Record<string, unknown> = {}) => ({
  measurementId: randomUUID(),
  probeId,
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  measuredAt: new Date().toISOString(),
  status: 'Finished',
  kpis: { download: 87.5, latency: 21 },
  ...changes,
});
