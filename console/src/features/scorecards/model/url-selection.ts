import type { ScorecardSelection } from '../api/scorecards-api.ts';

/** The window and version a scorecard screen was asked for, from its address (shareable, reload-safe). */
export const selectionOf = (params: URLSearchParams): ScorecardSelection => ({
  from: params.get('from') ?? undefined,
  to: params.get('to') ?? undefined,
  asOf: params.get('asOf') ?? undefined,
});
