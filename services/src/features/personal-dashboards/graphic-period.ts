import type { QueryIr } from '@nq/contracts';
import { type AnalyticsScope, scopeQuery } from '../analytics/index.ts';

/** The period a graphic's data was read over: no start when neither it nor the profile names one. */
export interface ComputedPeriod {
  from?: string;
  to: string;
}

/**
 * The period a graphic was computed over at `at`: its days within the profile's dates, as the engine read them
 * (`scopeQuery`), ending at `at` when they run on past it or name no end.
 */
export function computedPeriod(request: QueryIr, scope: AnalyticsScope, at: Date): ComputedPeriod {
  const { from, to } = scopeQuery(request, scope);
  const end = to !== undefined && Date.parse(to) < at.getTime() ? to : at.toISOString();
  return { ...(from === undefined ? {} : { from }), to: end };
}
