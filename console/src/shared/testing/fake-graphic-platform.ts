import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { SentRequest } from './fake-api.ts';

/** One measurement received each minute from 14:00 UTC: how many were received by an instant. */
const receivedBy = (instant: string) =>
  Math.max(0, Math.floor((Date.parse(instant) - Date.parse('2026-12-07T14:00:00Z')) / 60_000));

/**
 * `POST /api/graphic` as the platform answers it, for charts that reproduce their numbers: the latest answer counts
 * every measurement received so far (a minute later each time it is asked, as a live fleet adds results: 41, 42…) at
 * the log's head (`811:3`, `812:3`…) and names what reproduces it; asked with `?asOf=` and a `receivedUntil`, it counts
 * those received by then, with the warning of access narrowed since when `narrowedSince`. `answers` keeps every answer.
 */
export function fakeGraphicPlatform({ narrowedSince = false } = {}) {
  const answers: GraphicResponse[] = [];
  let asked = 0;
  const route = (request: SentRequest): GraphicResponse => {
    const body = request.body as QueryIrInput;
    const asOf = request.query.get('asOf');
    if (!body.receivedUntil) asked += 1;
    const receivedUntil = body.receivedUntil ?? `2026-12-07T14:4${asked}:30.250Z`;
    const count = receivedBy(receivedUntil);
    const answer: GraphicResponse = {
      kind: 'metric',
      metric: 'count',
      warnings:
        asOf && narrowedSince
          ? [
              {
                code: 'graphics.reproducedWithNarrowerAccess',
                message: 'Your access to the data has narrowed since these numbers were computed.',
              },
            ]
          : [],
      series: count === 0 ? [] : [{ key: {}, buckets: [{ key: 'all', count, value: count }] }],
      reproduce: { asOf: asOf ?? `81${asked}:3`, receivedUntil, query: { ...body, receivedUntil } },
    };
    answers.push(answer);
    return answer;
  };
  return { route, answers };
}
