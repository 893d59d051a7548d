import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';

export const graphicQueryKey = ['graphic-generator', 'graphic'] as const;

/**
 * The graphic of a request (`POST /api/graphic`), asked only while the graphic view shows it. The request rides on the
 * query's signal: when the request changes, the previous one is aborted (its query loses its only observer) and the
 * server cancels the engine's query.
 */
export function useGraphic(request: QueryIrInput | undefined) {
  return useQuery({
    queryKey: [...graphicQueryKey, request],
    queryFn: ({ signal }) => api.post<GraphicResponse>('/api/graphic', request, { signal }),
    enabled: request !== undefined,
    meta: { errorCode: 'graphics.generateFailed' },
  });
}
