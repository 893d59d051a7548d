import type { StoryboardResponse } from '@nq/contracts/analytics/storyboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';

export type { StoryboardResponse };

/** What a tile holds when it answered. */
export type TileData<Tile> = Tile extends { data: infer Data } ? Data : never;
export type ScorecardsTileData = TileData<StoryboardResponse['scorecards']>;
export type KpisTileData = TileData<StoryboardResponse['kpis']>;

/** Every tile in one request (`GET /api/storyboard`); it follows the navbar's refresh interval. */
export function useStoryboard() {
  const session = sessionStore.get();
  return useQuery({
    queryKey: ['storyboard', session?.data.key ?? '', session?.profile.id ?? ''],
    queryFn: ({ signal }) => api.get<StoryboardResponse>('/api/storyboard', { signal }),
    refetchInterval: useRefreshInterval(),
    meta: { silent: true },
  });
}
