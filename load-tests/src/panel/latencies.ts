import { percentile } from '@nq/services/simulator/fleet-options';

/** Durations in ms, read as percentiles. */
export function latencies() {
  const values: number[] = [];
  let sorted = true;
  const at = (p: number) => {
    if (!sorted) values.sort((a, b) => a - b);
    sorted = true;
    return percentile(values, p);
  };
  return {
    add(ms: number) {
      values.push(ms);
      sorted = false;
    },
    get count() {
      return values.length;
    },
    at,
    /** "p50 / p95 ms", or the percentiles asked. */
    text(ps = [0.5, 0.95]) {
      return values.length ? `${ps.map((p) => at(p).toFixed(1)).join(' / ')} ms` : 'none';
    },
  };
}

export type Latencies = ReturnType<typeof latencies>;
