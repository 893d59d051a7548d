import type { StoryboardResponse } from '@nq/contracts/analytics/storyboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';
import type { GraphicPin } from '../../../shared/charts/graphic-query.ts';

export type { StoryboardResponse };

/** What a tile holds when it answered. */
export type TileData<Tile> = Tile extends { data: infer Data } ? Data : never;
export type ScorecardsTileData = TileData<StoryboardResponse['scorecards']>;
export type KpisTileData = TileData<StoryboardResponse['kpis']>;

/**
 * Every tile in one request (`GET /api/storyboard`): the latest picture, which follows the navbar's refresh interval;
 * or, pinned (an answer's `reproduce`: `?asOf=&receivedUntil=`), the picture that answer gave, which nothing asks
 * again (same question, same numbers).
 */
export function useStoryboard(pin?: GraphicPin) {
  const session = sessionStore.get();
  const refreshInterval = useRefreshInterval();
  const key = ['storyboard', session?.data.key ?? '', session?.profile.id ?? ''];
  return useQuery({
    queryKey: pin ? [...key, { pinned: pin }] : key,
    queryFn: ({ signal }) => api.get<StoryboardResponse>('/api/storyboard', { signal, ...(pin ? { query: pin } : {}) }),
    meta: { silent: true },
    ...(pin
      ? { staleTime: Number.POSITIVE_INFINITY, refetchInterval: false, refetchOnWindowFocus: false }
      : { refetchInterval: refreshInterval }),
  });
}
