// Measurement retention: the job that deletes old measurements and its schedule.
export { measurementRetentionJob, measurementRetentionSchedule } from './measurement-retention.ts';
