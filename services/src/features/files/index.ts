// Files: the file job, records and download links, failures and retention, the routes.

export { downloadLinks } from './download-link.ts';
export { type FileProducer, fileJob, storedNameOf } from './file-job.ts';
export { fileJobFailures } from './file-job-failures.ts';
export { type FileRecords, fileRecords } from './file-records.ts';
export { fileRetentionJob, fileRetentionSchedule } from './file-retention.ts';
export { filesRoutes } from './files.routes.ts';
export { filesManifest } from './manifest.ts';
