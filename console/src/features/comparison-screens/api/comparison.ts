import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { keepPreviousData } from '@tanstack/react-query';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { useSettled } from '../../../shared/api/settled-value.ts';
import { type GraphicPin, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';
import type { QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';

export type ComparisonAnswer = Extract<GraphicResponse, { kind: 'metric' }>;
export type ComparisonPath = '/api/benchmark' | '/api/bydestination';

/**
 * A comparison screen's graphic (`POST /api/benchmark`, `/api/bydestination`); it follows the navbar refresh
 * interval. Pinned, the numbers an answer named (its `receivedUntil` in the body, `?asOf=` its configuration
 * position), never asked again. A failure toasts its catalogue message (the destinations error stays 10 s). Beside
 * the query, what its progress follows while it is long (its key, the body it asked and where its coverage is asked).
 */
export function useComparison(path: ComparisonPath, asked: object | undefined, pin?: GraphicPin) {
  const refetchInterval = useRefreshInterval();
  const body = useSettled(asked);
  const queryKey = [path, body];
  const query = useGraphicQuery<ComparisonAnswer>(queryKey, body, {
    path,
    pin,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'graphics.generateFailed' },
  });
  const progress: QueryProgressProps = { queryKey, request: body, pin, coveragePath: `${path}/coverage` };
  return { query, progress };
}
