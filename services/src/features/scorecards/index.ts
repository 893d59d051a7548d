// Scorecards: the calculation of a scorecard, its KPIs' queries, versions and windows, the routes.

export { analyticsScopeOf, type Caller, calculateScorecard, type ScorecardSources } from './calculate-scorecard.ts';
export { scorecardsManifest } from './manifest.ts';
export { scorecardCalculationRoutes } from './scorecard-calculation.routes.ts';
export { scoredKpis } from './scorecard-calculation.ts';
export { isMeasuredKpi, kpiQuery } from './scorecard-queries.ts';
export { scorecardAsOf } from './scorecard-version.ts';
export { liveWindow } from './scorecard-window.ts';
