import type { QueryResult, RegulatoryCalculation } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { SeriesLabeller } from '../analytics/index.ts';

/**
 * The providers by name as the caller sees them, by the rule every graphic answer names its series with (one the
 * caller does not see keeps its id).
 */
export async function withProviderNames(
  calculation: RegulatoryCalculation,
  labels: SeriesLabeller,
  viewer: Viewer,
): Promise<RegulatoryCalculation> {
  const ids = [...new Set(calculation.groups.map((group) => group.provider.id))];
  const asSeries = {
    kind: 'metric',
    metric: 'avg',
    warnings: [],
    series: ids.map((id) => ({ key: { provider: id }, buckets: [] })),
  };
  const labelled = await labels(asSeries as unknown as QueryResult, viewer);
  const names = new Map(labelled.series.map((series, index) => [ids[index], series.labels?.provider]));
  return {
    ...calculation,
    groups: calculation.groups.map((group) => ({
      ...group,
      provider: { id: group.provider.id, name: names.get(group.provider.id) ?? group.provider.id },
    })),
  };
}
