import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';

interface ProgramFields {
  list: { program: string; testTypes: string[]; kpis: string[] }[];
  kpis: CatalogueKpi[];
}

/**
 * The fields a boxplot or scatterplot may plot: the KPIs the chosen programs' measurements carry
 * (`GET /api/graphic/fields/byPrograms`), within the profile; without programs, the profile's whole catalogue.
 */
export function useProgramFields(programs: readonly string[], catalogue: readonly CatalogueKpi[], wanted: boolean) {
  const fields = useQuery({
    queryKey: ['graphic-generator', 'fields', programs],
    queryFn: ({ signal }) =>
      api.get<ProgramFields>('/api/graphic/fields/byPrograms', { query: { programs: programs.join(',') }, signal }),
    enabled: wanted && programs.length > 0,
    staleTime: 5 * 60_000,
    meta: { errorCode: 'graphics.fieldsLoadFailed' },
  });
  return programs.length > 0 ? (fields.data?.kpis ?? []) : catalogue;
}
