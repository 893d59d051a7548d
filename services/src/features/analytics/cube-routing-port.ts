import type { RawSeries } from './analytics-engine.ts';
import type { ScopedQuery } from './scope-query.ts';

/**
 * The pre-aggregated answer to a query, if a cube covers it: the engine asks before reading raw measurements. The
 * cubes feature provides it; analytics knows only this port.
 */
export interface CubeRouting {
  pick(
    query: ScopedQuery,
  ): Promise<{ name: string; aggregate(signal?: AbortSignal): Promise<RawSeries[]> } | undefined>;
}
