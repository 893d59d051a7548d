import {
  type CatalogueWarning,
  type CsvTemplateFields,
  type CsvTemplatePreferences,
  type CsvTemplateView,
  csvBodyOf,
  defaultCsvColumns,
  defaultCsvTemplateId,
  type Language,
  type Profile,
  warning,
} from '@nq/contracts';

/** A stored template as the read model or its stream holds it. */
export type StoredCsvTemplate = CsvTemplateFields & { id: string; version?: number };

const defaultNames: Record<Language, string> = { en: 'Default template', es: 'Plantilla predeterminada' };

/** The built-in template of some programs: every measurement field, then the programs' KPIs the profile analyses. */
export function defaultCsvTemplate(
  profile: Profile,
  service: CsvTemplateFields['service'],
  programIds: readonly string[],
  language: Language,
): StoredCsvTemplate {
  const programs = programIds.map((id) => profile.programs.find((program) => program.id === id) ?? { id });
  const columns = defaultCsvColumns(
    programs,
    profile.kpis.map((kpi) => kpi.id),
  );
  return { id: defaultCsvTemplateId, name: defaultNames[language], service, columns, active: true };
}

/** A template fits an extraction of these programs when each of its columns is of one of them (or of every program). */
export const fitsPrograms = (template: StoredCsvTemplate, programIds: readonly string[]) =>
  template.columns.every((column) => column.program === undefined || programIds.includes(column.program));

/**
 * The templates offered, in the profile's order: the default first, then those it ordered, then the rest by name.
 * The favourites are the profile's among them; should none remain (say, a cloned profile's), the default is one.
 */
export function csvTemplateViews(
  builtIn: StoredCsvTemplate,
  stored: readonly StoredCsvTemplate[],
  preferences: CsvTemplatePreferences,
): CsvTemplateView[] {
  const byName = [...stored].sort((a, b) => a.name.localeCompare(b.name));
  const ordered = [
    ...preferences.order.flatMap((id) => byName.filter((template) => template.id === id)),
    ...byName.filter((template) => !preferences.order.includes(template.id)),
  ];
  const offered = new Set([builtIn.id, ...stored.map((template) => template.id)]);
  const favorites = preferences.favorites.filter((id) => offered.has(id));
  const favorite = new Set(favorites.length > 0 ? favorites : [builtIn.id]);
  return [builtIn, ...ordered].map((template, order) => ({
    ...template,
    builtIn: template.id === builtIn.id,
    favorite: favorite.has(template.id),
    order,
    body: csvBodyOf(template.columns),
  }));
}

/**
 * Fallback (docs/product/errors.md): when the profile's templates cannot be loaded, only the default template is
 * offered, with a warning, rather than no template at all.
 */
export async function offeredCsvTemplates(
  builtIn: StoredCsvTemplate,
  load: () => Promise<{ stored: StoredCsvTemplate[]; preferences: CsvTemplatePreferences }>,
  onFailure: (error: unknown) => void,
): Promise<{ result: CsvTemplateView[]; warnings: CatalogueWarning[] }> {
  try {
    const { stored, preferences } = await load();
    return { result: csvTemplateViews(builtIn, stored, preferences), warnings: [] };
  } catch (error) {
    onFailure(error);
    return {
      result: csvTemplateViews(builtIn, [], { favorites: [builtIn.id], order: [] }),
      warnings: [warning('csvExtractor.defaultTemplateOnly')],
    };
  }
}
