import type { CubeRebuild, CubeRebuildBody, CubeStatusList } from '@nq/contracts/analytics/cube-status';
import type { CubeFields } from '@nq/contracts/configuration/cube';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { type Entity, entityKeys } from '../../../shared/api/entities.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { rebuildIsActive } from '../model/cube-figures.ts';

/** The cube definitions' configuration routes (list, get, create, update, delete, clone; audited as kind `cube`). */
export const cubesPath = basePathOf('cube');

/** A cube definition as the list and get routes answer it. */
export type Cube = Entity & CubeFields;

/** While a rebuild is queued or running the status is read again this often, so its progress moves. */
export const rebuildPollMs = 2_000;

/** Under the definitions' keys: a create or delete (which invalidates them) reads the figures again too. */
const statusKey = [...entityKeys.all(cubesPath), 'status'] as const;

/**
 * Each cube's figures (GET /api/cubes/status): size, buckets, last day's hits, lag and last rebuild. It follows the
 * navbar's refresh interval, and is read every few seconds while a rebuild is queued or running, or while the status
 * does not report yet the end of the rebuild the screen is `following` (its id).
 */
export function useCubeStatus(following?: string) {
  const refreshInterval = useRefreshInterval();
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<CubeStatusList>(`${cubesPath}/status`, { signal }),
    refetchInterval: (query) => {
      const rebuilds = (query.state.data?.cubes ?? []).map((cube) => cube.lastRebuild);
      const waiting =
        following !== undefined &&
        !rebuilds.some((rebuild) => rebuild?.rebuildId === following && !rebuildIsActive(rebuild));
      return waiting || rebuilds.some(rebuildIsActive) ? rebuildPollMs : refreshInterval;
    },
    meta: { errorCode: 'cubes.fetchFailed' },
  });
}

/** Reads the figures again now (a rebuild was just requested). */
export function useStatusRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusKey });
}

/** POST /api/cubes/:id/rebuild: the cube's rows over the range built again from the raw measurements (a job). */
export const requestRebuild = (cubeId: string, range: CubeRebuildBody) =>
  api.post<CubeRebuild>(`${cubesPath}/${encodeURIComponent(cubeId)}/rebuild`, range);
