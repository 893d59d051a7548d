import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationHistory } from '../analytics/index.ts';
import { fileRecords } from '../files/index.ts';
import { csvExtractionJob } from './csv-extraction.job.ts';
import { csvExtractionRoutes } from './csv-extraction.routes.ts';

/** CSV extraction: measurements as a CSV file, made by a job and kept in the files. */
export const csvExtractionManifest: FeatureManifest = {
  name: 'csv-extraction',
  jobs: [csvExtractionJob],
  async routes(api, platform) {
    await api.register(csvExtractionRoutes, {
      files: fileRecords(platform),
      readStore: platform.readStore,
      entities: platform.entities,
      templates: platform.entities.service('csv-template'),
      profiles: platform.entities.service('profile'),
      history: configurationHistory(platform.eventStore, platform.entities.service('profile')),
    });
  },
};
