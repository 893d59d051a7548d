import { filesProjection } from '@nq/projections/files/files-projection';
import { openMeasurementStore } from '@nq/projections/measurements/open-measurement-store';
import { createProjector } from '@nq/projections/projector/projector';
import { demoFileJob } from '../demo/demo-files.ts';
import type { PlatformRuns } from '../platform/platform.ts';
import { configurationProjections } from './configuration.ts';
import { csvExtractionJob } from './csv-extraction/index.ts';
import { cubeFirstBuilds, cubeMaintainerWorker, cubeRebuildJob } from './cubes/index.ts';
import { fileJobFailures, fileRetentionJob, fileRetentionSchedule } from './files/index.ts';
import { ingestWorker, storedIspIdsTask } from './ingest/index.ts';
import { measurementRetentionJob, measurementRetentionSchedule } from './measurement-retention/index.ts';
import { monthlyDataJob } from './monthly-data/index.ts';
// biome-ignore lint/style/noRestrictedImports: in the personal-dashboards entry the job would close a cycle: it reads configuration.ts, which reads the entity
import { personalDashboardSendJob } from './personal-dashboards/personal-dashboard-send.job.ts';
import { probeStatusWorker } from './probe-status/index.ts';
import { scorecardReportJob } from './reports/index.ts';

/** What the platform runs for the features: the projector of their read models, the measurements, the workers. */
export const platformRuns: PlatformRuns = {
  createProjector: (adapters) =>
    createProjector({ ...adapters, projections: [...configurationProjections, filesProjection] }),
  openMeasurements: openMeasurementStore,
  workers: [
    probeStatusWorker,
    ingestWorker,
    cubeMaintainerWorker,
    cubeFirstBuilds,
    storedIspIdsTask,
    fileRetentionSchedule,
    measurementRetentionSchedule,
    fileJobFailures,
  ],
  jobs: [
    fileRetentionJob,
    measurementRetentionJob,
    demoFileJob,
    scorecardReportJob,
    monthlyDataJob,
    csvExtractionJob,
    personalDashboardSendJob,
    cubeRebuildJob,
  ],
};
