import { filesProjection } from '@nq/projections/files/files-projection';
import { openMeasurementStore } from '@nq/projections/measurements/open-measurement-store';
import { createProjector } from '@nq/projections/projector/projector';
import { demoFileJob } from '../demo/demo-files.ts';
import type { PlatformRuns } from '../platform/platform.ts';
import { configurationProjections } from './configuration.ts';
import { csvExtractionJob } from './csv-extraction/csv-extraction.job.ts';
import { cubeMaintainerWorker } from './cubes/cube.worker.ts';
import { cubeFirstBuilds, cubeRebuildJob } from './cubes/cube-rebuild.job.ts';
import { fileJobFailures } from './files/file-job-failures.ts';
import { fileRetentionJob, fileRetentionSchedule } from './files/file-retention.ts';
import { ingestWorker } from './ingest/ingest.worker.ts';
import { storedIspIdsTask } from './ingest/stored-isp-ids.ts';
import {
  measurementRetentionJob,
  measurementRetentionSchedule,
} from './measurement-retention/measurement-retention.ts';
import { monthlyDataJob } from './monthly-data/monthly-data.job.ts';
import { personalDashboardSendJob } from './personal-dashboards/personal-dashboard-send.job.ts';
import { probeStatusWorker } from './probe-status/probe-status.worker.ts';
import { scorecardReportJob } from './reports/scorecard-report.job.ts';

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
