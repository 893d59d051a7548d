import { storyboardLimits } from '@nq/contracts';
import type { AnalyticsEngine } from '../analytics/analytics-engine.ts';
import type { AnalyticsScope } from '../analytics/scope-query.ts';
import { narrowedSelection } from '../measurements-api/measurement-filters.ts';
import { selectionOf } from '../measurements-api/validated.ts';
import type { TileContext } from './tile.ts';

/** The latest measurements that ended in error (spec §4 section `Error`) in the profile's scope, and how many there are. */
export async function erroredMeasurementsTile(engine: AnalyticsEngine, scope: AnalyticsScope, context: TileContext) {
  const { total, rows } = await engine.rows(
    narrowedSelection(selectionOf({}), { statuses: ['Error'] }),
    scope,
    { sort: 'measuredAt', order: 'desc', offset: 0, limit: storyboardLimits.errors },
    { signal: context.signal },
  );
  return {
    list: rows.map((row) => ({
      measurementId: row.measurementId,
      probeId: row.probeId,
      measuredAt: row.measuredAt,
      program: row.program,
      testType: row.testType,
      ...(row.isp ? { isp: row.isp } : {}),
      technologyLabel: row.technologyLabel,
    })),
    count: total,
  };
}
