import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { filesProjection } from '@nq/projections';
import { downloadLinks } from './download-link.ts';
import { fileJobFailures } from './file-job-failures.ts';
import { fileRecords } from './file-records.ts';
import { fileRetentionJob, fileRetentionSchedule } from './file-retention.ts';
import { filesRoutes } from './files.routes.ts';

/** Files: what jobs make for users to download, their records, links and retention. */
export const filesManifest: FeatureManifest = {
  name: 'files',
  projections: [filesProjection],
  workers: [fileRetentionSchedule, fileJobFailures],
  jobs: [fileRetentionJob],
  async routes(api, platform) {
    await api.register(filesRoutes, {
      prefix: '/files-management',
      records: fileRecords(platform),
      store: platform.files,
      links: downloadLinks(platform.secretKey),
    });
  },
};
