import { type NarrowedBy, storyboardLimits } from '@nq/contracts';
import { selectionOf } from '@nq/platform/entities/validated-input';
import { type AnalyticsEngine, type AnalyticsScope, scopeSelection } from '../analytics/index.ts';
import { narrowedSelection } from '../measurements-api/index.ts';
import type { TileContext } from './tile.ts';

const narrowingOf = (narrowedBy: NarrowedBy | undefined) => (narrowedBy ? { narrowedBy } : {});

/**
 * The latest measurements that ended in error (docs/product/states.md#measurement-result-sections, section `Error`) in
 * the profile's scope, how many there are, and what the profile narrowed them by; pinned, among those received by the
 * pin's instant.
 */
export async function erroredMeasurementsTile(engine: AnalyticsEngine, scope: AnalyticsScope, context: TileContext) {
  const received = context.receivedUntil ? { receivedUntil: context.receivedUntil } : {};
  const selection = narrowedSelection(selectionOf(received), { statuses: ['Error'] });
  const { total, rows } = await engine.rows(
    selection,
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
    ...narrowingOf(scopeSelection(selection, scope).narrowedBy),
  };
}
