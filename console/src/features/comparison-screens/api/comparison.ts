import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { keepPreviousData } from '@tanstack/react-query';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { useSettled } from '../../../shared/api/settled-value.ts';
import { type GraphicPin, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';

export type ComparisonAnswer = Extract<GraphicResponse, { kind: 'metric' }>;
export type ComparisonPath = '/api/benchmark' | '/api/bydestination';

/**
 * A comparison screen's graphic (`POST /api/benchmark`, `/api/bydestination`); it follows the navbar refresh
 * interval. Pinned, the numbers an answer named (its `receivedUntil` in the body, `?asOf=` its configuration
 * position), never asked again. A failure toasts its catalogue message (the destinations error stays 10 s).
 */
export function useComparison(path: ComparisonPath, asked: object | undefined, pin?: GraphicPin) {
  const refetchInterval = useRefreshInterval();
  const body = useSettled(asked);
  return useGraphicQuery<ComparisonAnswer>([path, body], body, {
    path,
    pin,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'graphics.generateFailed' },
  });
}
