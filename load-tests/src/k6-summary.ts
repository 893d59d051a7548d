import type { Thresholds } from '../k6/scenarios/scenario.ts';
import type { RunFigures } from './k6-like-run.ts';
import { evaluateThresholds, type RequestSample, trendOf } from './k6-thresholds.ts';

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const count = (value: number) => value.toLocaleString('en-US');

function row(label: string, samples: readonly RequestSample[], seconds: number) {
  const trend = trendOf(samples.map((sample) => sample.durationMs));
  const failed = samples.filter((sample) => sample.failed).length;
  return [
    label,
    count(samples.length),
    (samples.length / seconds).toFixed(1),
    ms(trend.avg),
    ms(trend.med),
    ms(trend['p(90)']),
    ms(trend['p(95)']),
    ms(trend['p(99)']),
    ms(trend.max),
    `${((100 * failed) / Math.max(1, samples.length)).toFixed(2)} %`,
  ];
}

/**
 * One scenario's figures as k6's end-of-test summary gives them (http_reqs, http_req_duration's trend stats,
 * http_req_failed, thresholds), as a Markdown table: every request of the load, then each request name.
 */
export function summaryOf(name: string, thresholds: Thresholds, figures: RunFigures) {
  const results = evaluateThresholds(thresholds, figures.samples);
  const names = [...new Set(figures.samples.map((sample) => sample.tags.name ?? ''))].sort();
  const lines = [
    `### ${name}: ${count(figures.iterations)} iterations in ${figures.seconds.toFixed(1)} s, ${count(figures.dropped)} dropped, ${count(figures.interrupted)} interrupted`,
    '',
    '| requests | count | rate/s | avg ms | p50 | p90 | p95 | p99 | max | http_req_failed |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row('**all**', figures.samples, figures.seconds),
    ...names.map((label) =>
      row(
        label,
        figures.samples.filter((sample) => sample.tags.name === label),
        figures.seconds,
      ),
    ),
  ].map((cells) => (Array.isArray(cells) ? `| ${cells.join(' | ')} |` : cells));
  lines.push('');
  for (const result of results)
    lines.push(
      `${result.passed ? '✓' : '✗'} ${result.metric} ${result.condition} (${result.metric.startsWith('http_req_failed') ? `${(100 * result.actual).toFixed(2)} %` : `${ms(result.actual)} ms`})`,
    );
  lines.push(`thresholds: ${results.every((result) => result.passed) ? 'passed' : 'FAILED'}`);
  return { text: lines.join('\n'), passed: results.every((result) => result.passed) };
}
