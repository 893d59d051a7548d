// Measurement retention: the job that deletes old measurements and its schedule.
export { measurementRetentionManifest } from './manifest.ts';
export { measurementRetentionJob, measurementRetentionSchedule } from './measurement-retention.ts';
