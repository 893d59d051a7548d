import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { fileRecords } from '../files/index.ts';
import { monthlyDataJob } from './monthly-data.job.ts';
import { monthlyDataRoutes } from './monthly-data.routes.ts';

/** Monthly data: a month of a profile's measurements as a file, made by a job. */
export const monthlyDataManifest: FeatureManifest = {
  name: 'monthly-data',
  jobs: [monthlyDataJob],
  async routes(api, platform) {
    await api.register(monthlyDataRoutes, { files: fileRecords(platform) });
  },
};
