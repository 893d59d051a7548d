import {
  type NetworkLayer,
  networkLayerTestTypes,
  type QueryResult,
  type ResultStatus,
  resultStatusSections,
  type TestAnalysisWindow,
} from '@nq/contracts';
import { selectionOf } from '@nq/platform/entities/validated-input';
import type { Selection } from '../analytics/index.ts';
import { narrowedSelection } from './measurement-filters.ts';

/** The result sections and test types a status and a layer filter keep (none: every one). */
export const narrowingOf = (status: ResultStatus | undefined, layer: NetworkLayer | undefined) => ({
  statuses: status ? resultStatusSections[status] : undefined,
  testTypes: layer ? networkLayerTestTypes[layer] : undefined,
});

/** One probe's results of one program within the window, narrowed by status and layer. */
export function programSelection(probeId: string, program: string, window: TestAnalysisWindow): Selection {
  const { from, to, status, layer } = window;
  const filter = selectionOf({
    probes: [probeId],
    programs: [program],
    ...(from ? { tsStart: from } : {}),
    ...(to ? { tsEnd: to } : {}),
  });
  return narrowedSelection(filter, narrowingOf(status, layer));
}

type MetricResult = Extract<QueryResult, { kind: 'metric' }>;

/**
 * The graphic query language has no filter on result sections or test types, so the series is asked per status and
 * test type and the wanted ones are merged here: a bucket's average is the count-weighted mean of theirs, exact.
 */
export function mergedAverages(
  answer: MetricResult,
  narrowing: ReturnType<typeof narrowingOf>,
): MetricResult['series'] {
  const kept = answer.series.filter(
    ({ key }) =>
      (!narrowing.statuses || (narrowing.statuses as readonly unknown[]).includes(key.status)) &&
      (!narrowing.testTypes || (narrowing.testTypes as readonly unknown[]).includes(key.testType)),
  );
  const sums = new Map<string | number, { count: number; total: number }>();
  for (const bucket of kept.flatMap((series) => series.buckets)) {
    const sum = sums.get(bucket.key) ?? { count: 0, total: 0 };
    sums.set(bucket.key, { count: sum.count + bucket.count, total: sum.total + bucket.value * bucket.count });
  }
  if (sums.size === 0) return [];
  const buckets = [...sums]
    .map(([key, { count, total }]) => ({ key, count, value: total / count }))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));
  return [{ key: {}, buckets }];
}
