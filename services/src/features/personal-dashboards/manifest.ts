import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationHistory } from '../analytics/index.ts';
import { fileRecords } from '../files/index.ts';
import { personalDashboardConfiguration } from './personal-dashboard.entity.ts';
import { personalDashboardRoutes } from './personal-dashboard.routes.ts';
import { personalDashboardSendJob } from './personal-dashboard-send.job.ts';

/** Personal dashboards: a user's own tiles of graphics, and their PDF sent by e-mail. */
export const personalDashboardsManifest: FeatureManifest = {
  name: 'personal-dashboards',
  entities: [personalDashboardConfiguration],
  jobs: [personalDashboardSendJob],
  async routes(api, platform) {
    await api.register(personalDashboardRoutes, {
      prefix: '/dashboards/personal',
      dashboards: platform.entities.service('personal-dashboard'),
      readStore: platform.readStore,
      collection: platform.entities.entity('personal-dashboard').collection,
      files: fileRecords(platform),
      history: configurationHistory(platform.eventStore, platform.entities.service('profile')),
      mailOutbox: platform.mailOutbox,
      publicUrl: platform.config.http.publicUrl,
    });
  },
};
