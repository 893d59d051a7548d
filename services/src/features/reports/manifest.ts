import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { fileRecords } from '../files/index.ts';
import { scorecardReportJob } from './scorecard-report.job.ts';
import { scorecardReportRoutes } from './scorecard-report.routes.ts';

/** Reports: a scorecard as a PDF, made by a job. */
export const reportsManifest: FeatureManifest = {
  name: 'reports',
  jobs: [scorecardReportJob],
  async routes(api, platform) {
    await api.register(scorecardReportRoutes, {
      files: fileRecords(platform),
      scorecards: platform.entities.service('scorecard'),
    });
  },
};
