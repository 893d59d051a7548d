/** Words of PromQL that are not metric names where they stand outside function calls, matchers and label lists. */
const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** Series Prometheus makes itself rather than scrapes. */
export const synthetic = (name: string) =>
  name === 'up' || name.startsWith('scrape_') || name === 'ALERTS' || name === 'ALERTS_FOR_STATE';

/**
 * The metric names a PromQL expression selects. The string literals, label matchers, range and subquery brackets and
 * grouping label lists are dropped first; what remains that is a name not called as a function is a metric.
 */
export function metricNamesOf(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b(?:group_left|group_right)\b/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.:])[A-Za-z_:][\w:]*/g)) {
    const calledAsFunction = bare
      .slice(match.index + match[0].length)
      .trimStart()
      .startsWith('(');
    if (!calledAsFunction && !keywords.has(match[0].toLowerCase())) names.add(match[0]);
  }
  return [...names];
}

/** The sample names a metric's type gives it: a histogram's `_bucket`, `_sum` and `_count`, a summary's too. */
const samplesOfType: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * The names an exposition (a /metrics answer) exports: those of its samples, and those its metrics declare (a
 * counter of failures nothing has failed yet has no sample, but it is there to be queried).
 */
export function exportedNamesOf(exposition: string) {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const declared = /^# TYPE ([A-Za-z_:][\w:]*) (\w+)/.exec(line);
    if (declared) for (const suffix of samplesOfType[declared[2]!] ?? ['']) names.add(`${declared[1]}${suffix}`);
    else if (line !== '' && !line.startsWith('#')) names.add(/^[A-Za-z_:][\w:]*/.exec(line)?.[0] ?? line);
  }
  return names;
}
