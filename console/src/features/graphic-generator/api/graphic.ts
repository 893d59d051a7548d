import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import { type GraphicPin, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';

export const graphicQueryKey = ['graphic-generator', 'graphic'] as const;
/** The key a request's graphic is asked under (a pinned one's under it too). */
export const graphicKeyOf = (request: QueryIrInput | undefined) => [...graphicQueryKey, request] as const;

/**
 * The graphic of a request (`POST /api/graphic`), asked only while the graphic view shows it; pinned, the numbers an
 * answer named (`?asOf=` and its `receivedUntil`). The request rides on the query's signal: when the request changes,
 * the previous one is aborted (its query loses its only observer) and the server cancels the engine's query.
 */
export function useGraphic(request: QueryIrInput | undefined, pin?: GraphicPin) {
  return useGraphicQuery(graphicKeyOf(request), request, {
    pin,
    meta: { errorCode: 'graphics.generateFailed' },
  });
}
