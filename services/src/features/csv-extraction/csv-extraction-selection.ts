import {
  type CsvExtractionRequest,
  type NarrowedBy,
  type Profile,
  type ProfileService,
  type SelectionFields,
  technologiesOfProfileService,
} from '@nq/contracts';
import { type AnalyticsScope, programsScopeOf, type Selection, scopeSelection } from '../analytics/index.ts';
import { including, narrowedSelection } from '../measurements-api/index.ts';

/** What an extraction reads: the filters sent, narrowed to the service's probes and the programs of the path. */
export interface CsvExtractionFilters {
  service: ProfileService;
  programs: string[];
  filters: Omit<CsvExtractionRequest, 'templateId'>;
}

/**
 * The measurements an extraction writes, as the profile sees them: its scope and the destination rule of its programs
 * (docs/product/errors.md: `destinations.noTargets` when none of them has a target), the service's probes, and — when
 * the request names no technology — the profile's technologies of the service, as the extractor says; and what the
 * profile narrowed the request by, when it did.
 */
export function csvExtractionSelection(
  profile: Profile,
  { service, programs, filters }: CsvExtractionFilters,
): { selection: Selection; scope: AnalyticsScope; narrowedBy?: NarrowedBy } {
  const { scope } = programsScopeOf(profile, programs);
  const { statuses, testTypes, ...filter } = filters;
  const technologies = filter.technologies?.length
    ? { technologies: filter.technologies, technologiesCond: filter.technologiesCond }
    : {
        technologies: technologiesOfProfileService(profile, service) as SelectionFields['technologies'],
        technologiesCond: 'include' as const,
      };
  const selection = narrowedSelection({ ...filter, ...technologies, programs }, { statuses, testTypes }, [
    including('probeType', [service]),
  ]);
  // Told against the technologies asked for: those offered when none is are the profile's own, when it has some.
  const asked = { ...selection, filter: { ...selection.filter, technologies: filter.technologies } };
  const { narrowedBy } = scopeSelection(asked, scope);
  return { selection, scope, ...(narrowedBy ? { narrowedBy } : {}) };
}
