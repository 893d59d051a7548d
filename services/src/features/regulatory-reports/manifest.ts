import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationSeriesLabeller } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { fileRecords } from '../files/index.ts';
import { regulatoryReportConfiguration } from './regulatory-report.entity.ts';
import { regulatoryReportJob } from './regulatory-report.job.ts';
import { regulatoryReportRoutes } from './regulatory-report.routes.ts';

/** Regulatory reports: published figures with their statistics and method, on screen, as a PDF and as a CSV. */
export const regulatoryReportsManifest: FeatureManifest = {
  name: 'regulatory-reports',
  entities: [regulatoryReportConfiguration],
  jobs: [regulatoryReportJob],
  async routes(api, platform) {
    await api.register(regulatoryReportRoutes, {
      engine: analyticsFor(platform),
      reports: platform.entities.service('regulatory-report'),
      labels: configurationSeriesLabeller(platform),
      files: fileRecords(platform),
    });
  },
};
