import type { CsvExtractionRequest, Profile, profileServices, SelectionFields } from '@nq/contracts';
import { programsScopeOf } from '../analytics/destination-scope.ts';
import type { AnalyticsScope, Selection } from '../analytics/scope-query.ts';
import { technologiesOf } from '../csv-templates/csv-template-views.ts';
import { including, narrowedSelection } from '../measurements-api/measurement-filters.ts';

/** What an extraction reads: the filters sent, narrowed to the service's probes and the programs of the path. */
export interface CsvExtractionFilters {
  service: (typeof profileServices)[number];
  programs: string[];
  filters: Omit<CsvExtractionRequest, 'templateId'>;
}

/**
 * The measurements an extraction writes, as the profile sees them: its scope and the destination rule of its programs
 * (spec §8: `destinations.noTargets` when none of them has a target), the service's probes, and — when the request
 * names no technology — the technologies the extractor offers (the profile's, else the service's default ones).
 */
export function csvExtractionSelection(
  profile: Profile,
  { service, programs, filters }: CsvExtractionFilters,
): { selection: Selection; scope: AnalyticsScope } {
  const { scope } = programsScopeOf(profile, programs);
  const { statuses, testTypes, ...filter } = filters;
  const technologies = filter.technologies?.length
    ? { technologies: filter.technologies, technologiesCond: filter.technologiesCond }
    : {
        technologies: technologiesOf(profile, service).technologies as SelectionFields['technologies'],
        technologiesCond: 'include' as const,
      };
  const selection = narrowedSelection({ ...filter, ...technologies, programs }, { statuses, testTypes }, [
    including('probeType', [service]),
  ]);
  return { selection, scope };
}
