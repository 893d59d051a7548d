import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { measurementRetentionJob, measurementRetentionSchedule } from './measurement-retention.ts';

/** Measurement retention: months older than the retention deleted, on a schedule. */
export const measurementRetentionManifest: FeatureManifest = {
  name: 'measurement-retention',
  workers: [measurementRetentionSchedule],
  jobs: [measurementRetentionJob],
};
