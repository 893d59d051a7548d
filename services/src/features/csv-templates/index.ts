// CSV templates: the entity's checks, views and columns, a profile's template preferences, the routes.

export { csvColumnsOf } from './csv-columns.ts';
export { admitCsvTemplateColumns, admitCsvTemplateService } from './csv-template-admission.ts';
export { csvTemplateIntents, csvTemplatePreferencesOf, csvTemplateReferences } from './csv-template-preferences.ts';
export { csvTemplateViews, defaultCsvTemplate, fitsPrograms, type StoredCsvTemplate } from './csv-template-views.ts';
export { csvTemplateRoutes } from './csv-templates.routes.ts';
export { csvTemplatesManifest } from './manifest.ts';
