import type { FilterMode } from '@nq/contracts/analytics/query-ir';
import type { Profile } from '@nq/contracts/identity/profile';
import { servicesOfProfile } from '@nq/contracts/identity/profile-technologies';
import type { SelectionGroup } from '@nq/contracts/identity/selection-group';
import {
  filtersFromParams,
  type GraphicFilters,
  paramsWithFilters,
  selectionOf,
} from '../../../shared/graphic-filters/graphic-filters.ts';
import type { ExtractionCall } from '../api/csv-extractor-api.ts';

export type Service = ExtractionCall['service'];

/**
 * What the extractor's address holds: the service, the programs (absent: all the profile's, as on the templates
 * screen), the template (absent: the favourite), the graphic filters under their own names, the hour window and tags.
 */
export interface ExtractorChoice {
  service: Service;
  programs: string[];
  templateId: string;
  filters: GraphicFilters;
  hourStart: string;
  hourEnd: string;
  tags: string[];
  tagsCond: FilterMode;
}

const hourOf = (value: string | null) =>
  value !== null && /^\d{1,2}$/.test(value) && Number(value) <= 23 ? String(Number(value)) : '';
const list = (value: string | null) => value?.split(',').filter(Boolean) ?? [];

export function choiceFromParams(params: URLSearchParams, profile: Profile, group: SelectionGroup): ExtractorChoice {
  const offered = profile.programs.map((program) => program.id);
  const chosen = list(params.get('programs')).filter((id) => offered.includes(id));
  const service = servicesOfProfile(profile).find((offered) => offered === params.get('service'));
  return {
    service: service ?? profile.service,
    programs: chosen.length > 0 ? chosen : offered,
    templateId: params.get('template') ?? '',
    filters: filtersFromParams(params, group),
    hourStart: hourOf(params.get('hourStart')),
    hourEnd: hourOf(params.get('hourEnd')),
    tags: list(params.get('tags')),
    tagsCond: params.get('tagsCond') === 'exclude' ? 'exclude' : 'include',
  };
}

/** The address with these choices, its other parameters (the file followed) kept; defaults are left out. */
export function paramsWithChoice(
  params: URLSearchParams,
  choice: ExtractorChoice,
  profile: Profile,
  group: SelectionGroup,
): URLSearchParams {
  const allPrograms = choice.programs.length === profile.programs.length;
  const next = paramsWithFilters(params, { ...choice.filters, programs: allPrograms ? [] : choice.programs }, group);
  next.delete('granularity');
  const entries: Record<string, string | undefined> = {
    service: choice.service === profile.service ? undefined : choice.service,
    template: choice.templateId || undefined,
    hourStart: choice.hourStart || undefined,
    hourEnd: choice.hourEnd || undefined,
    tags: choice.tags.join(',') || undefined,
    tagsCond: choice.tags.length > 0 && choice.tagsCond === 'exclude' ? 'exclude' : undefined,
  };
  for (const [name, value] of Object.entries(entries)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The extraction the choices ask for: only the filters the analyst set travel. */
export function extractionOf(choice: ExtractorChoice, group: SelectionGroup): ExtractionCall {
  const { programs: _inThePath, ...selection } = selectionOf({ ...choice.filters, programs: [] }, group);
  return {
    service: choice.service,
    programs: choice.programs,
    body: {
      ...selection,
      ...(choice.templateId ? { templateId: choice.templateId } : {}),
      ...(choice.hourStart ? { hourStart: Number(choice.hourStart) } : {}),
      ...(choice.hourEnd ? { hourEnd: Number(choice.hourEnd) } : {}),
      ...(choice.tags.length > 0 ? { tags: choice.tags } : {}),
      ...(choice.tags.length > 0 && choice.tagsCond === 'exclude' ? { tagsCond: 'exclude' as const } : {}),
    },
  };
}
