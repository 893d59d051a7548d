import type { KpiId } from '@nq/contracts/measurements/kpis';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export type TestCategory =
  | 'speed'
  | 'ping'
  | 'traceroute'
  | 'dns'
  | 'web'
  | 'video'
  | 'voip'
  | 'gaming'
  | 'messaging'
  | 'all';

/** A KPI of the catalogue as `GET /api/types/{category}/kpis` answers it (label in the interface language). */
export interface CatalogueKpi {
  id: KpiId;
  label: string;
  unit: string;
  inverse: boolean;
  testTypes: string[];
  fringes: number[];
}

/**
 * The KPIs of a test category that the profile may use (docs/product/api.md#profile); a failure toasts
 * graphics.kpisFetchFailed.
 */
export function useKpiCatalogue(category: TestCategory = 'all') {
  return useQuery({
    queryKey: ['kpis', category],
    queryFn: ({ signal }) =>
      api.get<{ category: string; list: CatalogueKpi[] }>(`/api/types/${category}/kpis`, { signal }),
    select: (answer) => answer.list,
    staleTime: 5 * 60_000,
    meta: { errorCode: 'graphics.kpisFetchFailed' },
  });
}
