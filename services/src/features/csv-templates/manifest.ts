import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { csvTemplateConfiguration } from './csv-template.entity.ts';
import { csvTemplateRoutes } from './csv-templates.routes.ts';

/** CSV templates: the columns of a CSV extraction, and each profile's preferred one. */
export const csvTemplatesManifest: FeatureManifest = {
  name: 'csv-templates',
  entities: [csvTemplateConfiguration],
  async routes(api, platform) {
    await api.register(csvTemplateRoutes, {
      templates: platform.entities.service('csv-template'),
      profiles: platform.entities.service('profile'),
      readStore: platform.readStore,
      projector: platform.projector,
      projection: platform.entities.projection('csv-template'),
    });
  },
};
