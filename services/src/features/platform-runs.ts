import { openMeasurementStore } from '@nq/projections/measurements/open-measurement-store';
import { createProjector } from '@nq/projections/projector/projector';
import type { PlatformRuns } from '../platform/platform.ts';
import { configurationProjections } from './configuration.ts';
import { ingestWorker } from './ingest/ingest.worker.ts';
import { storedIspIdsTask } from './ingest/stored-isp-ids.ts';
import { probeStatusWorker } from './probe-status/probe-status.worker.ts';

/** What the platform runs for the features: the projector of their read models, the measurements, the workers. */
export const platformRuns: PlatformRuns = {
  createProjector: (adapters) => createProjector({ ...adapters, projections: [...configurationProjections] }),
  openMeasurements: openMeasurementStore,
  workers: [probeStatusWorker, ingestWorker, storedIspIdsTask],
};
