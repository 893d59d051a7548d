import type { Thresholds } from '../k6/scenarios/scenario.ts';

/** One request of the load as k6 records it: its tags, how long it took and whether its status was unexpected. */
export interface RequestSample {
  tags: Readonly<Record<string, string>>;
  durationMs: number;
  failed: boolean;
}

/** k6's percentile of a trend: linear between the two closest ranks of the sorted values. */
export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

/** What k6's summary prints of `http_req_duration` (summaryTrendStats avg, min, med, p(90), p(95), p(99), max). */
export function trendOf(durations: readonly number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    avg: sorted.length ? sum / sorted.length : Number.NaN,
    min: sorted[0] ?? Number.NaN,
    med: percentile(sorted, 50),
    'p(90)': percentile(sorted, 90),
    'p(95)': percentile(sorted, 95),
    'p(99)': percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export interface ThresholdResult {
  metric: string;
  condition: string;
  actual: number;
  passed: boolean;
}

const comparisons: Record<string, (actual: number, bound: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** `http_req_duration{phase:load,name:storyboard}` → the metric and its tag filter. */
function metricOf(key: string) {
  const match = /^(\w+)(?:\{(.*)\})?$/.exec(key.trim());
  if (!match) throw new Error(`unknown threshold metric '${key}'`);
  const filter = Object.fromEntries(
    (match[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split(':').map((part) => part.trim()) as [string, string]),
  );
  return { metric: match[1]!, filter };
}

/** The value a condition's aggregation (`p(95)`, `avg`, `rate`…) takes over the samples of its metric. */
function aggregate(metric: string, aggregation: string, samples: readonly RequestSample[]) {
  if (metric === 'http_req_failed') {
    if (aggregation !== 'rate') throw new Error(`http_req_failed takes rate, not ${aggregation}`);
    return samples.length ? samples.filter((sample) => sample.failed).length / samples.length : 0;
  }
  if (metric === 'http_reqs' && aggregation === 'count') return samples.length;
  if (metric !== 'http_req_duration') throw new Error(`the runner records no metric '${metric}'`);
  const durations = samples.map((sample) => sample.durationMs).sort((a, b) => a - b);
  const percentileOf = /^p\((\d+(?:\.\d+)?)\)$/.exec(aggregation);
  if (percentileOf) return percentile(durations, Number(percentileOf[1]));
  const trend = trendOf(durations);
  if (aggregation in trend) return trend[aggregation as keyof typeof trend];
  throw new Error(`unknown aggregation '${aggregation}' of ${metric}`);
}

/** Each threshold's conditions as k6 evaluates them at the end of a run. */
export function evaluateThresholds(thresholds: Thresholds, samples: readonly RequestSample[]): ThresholdResult[] {
  return Object.entries(thresholds).flatMap(([key, conditions]) => {
    const { metric, filter } = metricOf(key);
    const selected = samples.filter((sample) =>
      Object.entries(filter).every(([tag, value]) => sample.tags[tag] === value),
    );
    return conditions.map((condition) => {
      const parsed = /^\s*([\w()./]+)\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(condition);
      if (!parsed) throw new Error(`cannot read threshold '${condition}' of ${key}`);
      const [, aggregation = '', operator = '', bound = ''] = parsed;
      const actual = aggregate(metric, aggregation, selected);
      return { metric: key, condition, actual, passed: comparisons[operator]!(actual, Number(bound)) };
    });
  });
}
