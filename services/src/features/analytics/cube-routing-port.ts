import type { CubeSuggestion, UncoverableReason } from '@nq/contracts';
import type { RawSeries } from './analytics-engine.ts';
import type { ScopedQuery } from './scope-query.ts';

/**
 * Which cube answers a query (`cube`), or else the cube defined that covers it but is not built yet (`building`), the
 * smallest cube that would (`suggestion`), or why none can (`uncoverable`).
 */
export type CubeExplanation =
  | { cube: string }
  | { building: string }
  | { suggestion: CubeSuggestion }
  | { uncoverable: UncoverableReason[] };

/**
 * The pre-aggregated answer to a query, if a cube covers it: the engine asks before reading raw measurements. The
 * cubes feature provides it; analytics knows only this port.
 */
export interface CubeRouting {
  pick(
    query: ScopedQuery,
  ): Promise<{ name: string; aggregate(signal?: AbortSignal): Promise<RawSeries[]> } | undefined>;
  /**
   * What `pick` would answer, asking nothing of the stores but the definitions and counting no routing; `outliers`:
   * the query removes outliers (their fences are KPI conditions, so no cube answers it).
   */
  explain(query: ScopedQuery, options: { outliers: boolean }): Promise<CubeExplanation>;
}
