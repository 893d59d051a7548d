import type { CsvTemplateColumn, CsvTemplateView } from '@nq/contracts/configuration/csv-template';
import type { WarningBody } from '@nq/contracts/errors/index';
import type { CsvTemplatePreferences } from '@nq/contracts/identity/profile';
import { api } from '../../../shared/api/api-client.ts';

export type { CsvTemplateColumn, CsvTemplateView };
export type Service = CsvTemplateView['service'];

/** Which templates the screen shows: those of an extraction of these programs of the service. */
export interface TemplateScope {
  service: Service;
  programs: readonly string[];
}

export interface TemplateList {
  result: CsvTemplateView[];
  technologies: number[];
  warnings: WarningBody[];
}
export interface TemplateDraft {
  name: string;
  active: boolean;
  columns: CsvTemplateColumn[];
}

const base = ({ service, programs }: TemplateScope) =>
  `/api/types/${service}/programs/${programs.map(encodeURIComponent).join(',')}/csv/templates`;
const preferences = '/profile/csvTemplates';

/** CSV templates and the profile's favourites and order (docs/product/api.md#csv-templates). */
export const csvTemplatesApi = {
  list: (scope: TemplateScope, signal?: AbortSignal, minPosition?: string) =>
    api.get<TemplateList>(base(scope), { signal, query: { minPosition } }),
  create: (scope: TemplateScope, draft: TemplateDraft) =>
    api.post<{ result: CsvTemplateView; position?: string }>(base(scope), draft),
  update: (scope: TemplateScope, id: string, draft: TemplateDraft) =>
    api.put<{ result: CsvTemplateView; position?: string }>(`${base(scope)}/${encodeURIComponent(id)}`, draft),
  remove: (scope: TemplateScope, id: string) =>
    api.delete<{ position?: string }>(`${base(scope)}/${encodeURIComponent(id)}`),
  favorite: (id: string, favorite: boolean) =>
    api.put<{ result: CsvTemplatePreferences }>(`${preferences}/${encodeURIComponent(id)}/favorite`, { favorite }),
  order: (templateIds: readonly string[]) =>
    api.put<{ result: CsvTemplatePreferences }>(`${preferences}/order`, { templateIds }),
};
