import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import type { ProbeStatusRow } from '../../probe-status/api/probe-status-api.ts';

/** A probe as `GET /api/probes/map` describes it (the feature's properties): its status row, and its clusters. */
export interface ProbeOnMap extends ProbeStatusRow {
  clusters?: string[];
}

export interface ProbesMapAnswer {
  type: 'FeatureCollection';
  features: { type: 'Feature'; geometry: { type: 'Point'; coordinates: [number, number] }; properties: ProbeOnMap }[];
  withoutCoordinates: string[];
  warnings: { code: string; message: string }[];
}

/** A probe row of the table: located or not. */
export interface ProbeRow extends ProbeOnMap {
  lat: number | null;
  lon: number | null;
}

export const probeRows = (answer: ProbesMapAnswer): ProbeRow[] =>
  answer.features.map(({ geometry, properties }) => ({
    ...properties,
    lon: geometry.coordinates[0],
    lat: geometry.coordinates[1],
  }));

/**
 * The probes of the profile, or those of its clusters when the profile works with clusters; it follows the
 * navbar refresh interval (docs/product/api.md#clusters). Failures are shown by the page (probeMaps.fetchFailed), not
 * toasted.
 */
export function useProbesMap() {
  const profile = useProfile();
  const refetchInterval = useRefreshInterval();
  const byClusters = profile?.useClusters ?? false;
  return useQuery({
    queryKey: ['probes-map', byClusters],
    queryFn: ({ signal }) =>
      api.get<ProbesMapAnswer>(byClusters ? '/api/clusters/probes/map' : '/api/probes/map', { signal }),
    enabled: profile !== undefined,
    refetchInterval,
    meta: { silent: true },
  });
}
