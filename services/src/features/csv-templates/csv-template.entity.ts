import { csvTemplateFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { admitCsvTemplateBody } from './csv-template-admission.ts';

/**
 * CSV template (docs/product/entities.md#csv-template): a profile's own (visible to it and to isGod profiles). Its
 * columns' fields, KPIs and operations are checked by the schema; what depends on the profile (its programs, KPIs and
 * service) when a request sends them.
 */
export const csvTemplateEntity = {
  kind: 'csv-template',
  eventPrefix: 'CsvTemplate',
  schema: csvTemplateFieldsSchema,
  // A favourite is referred to by its profile (csv-template-preferences.ts).
  deletion: { refusedWhileReferenced: 'csvTemplates.stillFavorite' },
} satisfies EntityDefinition<typeof csvTemplateFieldsSchema>;

/** How the platform serves it; the spec's paths under programs are csv-templates.routes.ts. */
export const csvTemplateConfiguration: ConfigurationEntity = {
  definition: csvTemplateEntity,
  collection: 'csvTemplates',
  tag: 'CSV templates',
  ...named,
  ...managedOn('csv_templates', ['csv_extractor']),
  visibility: privateToOwner(),
  admitBody: admitCsvTemplateBody,
};
