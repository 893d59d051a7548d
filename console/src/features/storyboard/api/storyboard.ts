import type { StoryboardResponse } from '@nq/contracts/analytics/storyboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';
import { type GraphicPin, graphicQueryKey } from '../../../shared/charts/graphic-query.ts';
import type { QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';

export type { StoryboardResponse };

/** What a tile holds when it answered. */
export type TileData<Tile> = Tile extends { data: infer Data } ? Data : never;
export type ScorecardsTileData = TileData<StoryboardResponse['scorecards']>;
export type KpisTileData = TileData<StoryboardResponse['kpis']>;

/**
 * Every tile in one request (`GET /api/storyboard`): the latest picture, which follows the navbar's refresh interval;
 * or, pinned (an answer's `reproduce`: `?asOf=&receivedUntil=`), the picture that answer gave, which nothing asks
 * again (same question, same numbers). Beside the query, what its progress follows while it is long: its key, and
 * where its period query (the main KPIs over 30 days) is read from (`POST /api/storyboard/coverage`, pinned the same).
 */
export function useStoryboard(pin?: GraphicPin) {
  const session = sessionStore.get();
  const refreshInterval = useRefreshInterval();
  const key = ['storyboard', session?.data.key ?? '', session?.profile.id ?? ''];
  const query = useQuery({
    queryKey: graphicQueryKey(key, pin),
    queryFn: ({ signal }) => api.get<StoryboardResponse>('/api/storyboard', { signal, ...(pin ? { query: pin } : {}) }),
    meta: { silent: true },
    ...(pin
      ? { staleTime: Number.POSITIVE_INFINITY, refetchInterval: false, refetchOnWindowFocus: false }
      : { refetchInterval: refreshInterval }),
  });
  // Its only body is the pin, which the coverage adds.
  const progress: QueryProgressProps = { queryKey: key, request: {}, pin, coveragePath: '/api/storyboard/coverage' };
  return { query, progress };
}
