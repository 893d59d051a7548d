import {
  type CsvTemplateColumn,
  type CsvTemplateFields,
  DomainError,
  defaultCsvTemplateId,
  type Language,
  type LogPosition,
  type Profile,
} from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import {
  admitCsvTemplateColumns,
  csvTemplatePreferencesOf,
  csvTemplateViews,
  defaultCsvTemplate,
  fitsPrograms,
  type StoredCsvTemplate,
} from '../csv-templates/index.ts';
import type { CsvExtractionFilters } from './csv-extraction-selection.ts';

export interface CsvTemplateSources {
  templates: EntityService;
  profiles: EntityService;
}

type Extraction = Pick<CsvExtractionFilters, 'service' | 'programs'>;

/** A stored template as the profile owns it (isGod: any profile's), active and of the service; otherwise none. */
async function storedTemplate(
  templates: EntityService,
  profile: Profile,
  id: string,
  service: Extraction['service'],
  asOf: LogPosition | undefined,
): Promise<StoredCsvTemplate | undefined> {
  const { state } = await templates.load(id, asOf);
  const fields = state.fields as CsvTemplateFields;
  if (state.status !== 'active' || (state.owner !== profile.id && !profile.isGod) || fields.service !== service)
    return undefined;
  return { ...fields, id: state.id, version: state.version };
}

/**
 * The columns an extraction writes (docs/product/errors.md): the template asked for — one of the profile's for this
 * service (404 otherwise) whose columns are of the extraction's programs (422) — or, asked for none, the profile's
 * first favourite among the active templates of these programs, which is the default template when no other is. At a
 * configuration position (`asOf`), the templates and favourites as they were then.
 */
export async function extractionColumns(
  { templates, profiles }: CsvTemplateSources,
  profile: Profile,
  extraction: Extraction,
  templateId: string | undefined,
  language: Language,
  asOf?: LogPosition,
): Promise<CsvTemplateColumn[]> {
  const builtIn = defaultCsvTemplate(profile, extraction.service, extraction.programs, language);
  if (templateId === defaultCsvTemplateId) return builtIn.columns;
  if (templateId !== undefined) {
    const template = await storedTemplate(templates, profile, templateId, extraction.service, asOf);
    if (!template) throw new DomainError('resource.notFound', { details: { templateId } });
    admitCsvTemplateColumns(profile, template.columns, extraction.programs);
    return template.columns;
  }
  const preferences = csvTemplatePreferencesOf((await profiles.load(profile.id, asOf)).state.fields);
  const favorites = await Promise.all(
    preferences.favorites
      .filter((id) => id !== defaultCsvTemplateId)
      .map((id) => storedTemplate(templates, profile, id, extraction.service, asOf)),
  );
  const offered = favorites
    .filter((template) => template !== undefined)
    .filter((template) => template.active && fitsPrograms(template, extraction.programs));
  // The favourites keep among themselves the order they have in the full list.
  const first = csvTemplateViews(builtIn, offered, preferences).find((view) => view.favorite);
  return (first ?? builtIn).columns;
}
