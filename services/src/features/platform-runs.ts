import type { PlatformRuns } from '../platform/platform.ts';
import { configurationProjections } from './configuration.ts';
import { ingestWorker } from './ingest/ingest.worker.ts';
import { storedIspIdsTask } from './ingest/stored-isp-ids.ts';
import { probeStatusWorker } from './probe-status/probe-status.worker.ts';

/** What the platform runs for the features: the read models the projector keeps and the workers beside it. */
export const platformRuns: PlatformRuns = {
  projections: configurationProjections,
  workers: [probeStatusWorker, ingestWorker, storedIspIdsTask],
};
