import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { MeasuredPolygon } from '@nq/contracts/configuration/polygon-measures';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { type EntityPage, entityApi, entityKeys, readYourWrites } from '../../../shared/api/entities.ts';
import { geofiltersPath } from '../../geofilters/api/geofilters-api.ts';

// What a cluster is made of: the profile's probes (they must belong to the profile,
// docs/product/rules.md#universes-clusters-and-campaigns: the API lists only those) and its geographic filters. One
// page of 500 is plenty for a selection list.

// Keyed like the entities' own lists, so a write of a probe or a geographic filter refreshes them.
const probeQuery = { fields: 'probeId,name', pageSize: 500, sort: 'probeId' };
const geofilterQuery = { fields: 'name', pageSize: 500, sort: 'name' };

export interface ProbeOption {
  id: string;
  probeId: string;
  name?: string;
}

export const useProbeOptions = () =>
  useQuery({
    queryKey: entityKeys.list(basePathOf('probe'), probeQuery),
    queryFn: ({ signal }) =>
      api.get<EntityPage<ProbeOption>>(`${basePathOf('probe')}/`, {
        query: { ...probeQuery, ...readYourWrites() },
        signal,
      }),
    select: (page) => page.list,
    meta: { errorCode: 'probes.fetchFailed' },
  });

export interface GeofilterOption {
  id: string;
  name: string;
}

export const useGeofilterOptions = () =>
  useQuery({
    queryKey: entityKeys.list(geofiltersPath, geofilterQuery),
    queryFn: ({ signal }) =>
      api.get<EntityPage<GeofilterOption>>(`${geofiltersPath}/`, {
        query: { ...geofilterQuery, ...readYourWrites() },
        signal,
      }),
    select: (page) => page.list,
    meta: { errorCode: 'geofilters.fetchFailed' },
  });

/** The polygons of the chosen geographic filters, each loaded once (the list leaves them out: they can be large). */
export function useGeofilterPolygons(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: entityKeys.one(geofiltersPath, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        entityApi<{ id: string; name: string; polygon: MeasuredPolygon }>(geofiltersPath).get(id, signal),
      staleTime: 5 * 60_000,
      meta: { errorCode: 'geofilters.fetchFailed' },
    })),
  }).flatMap((query) => (query.data ? [query.data] : []));
}
