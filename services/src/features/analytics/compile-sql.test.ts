import { type QueryIrInput, queryIrSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { compileSqlAggregation, compileSqlSample, compileSqlStats } from './compile-sql.ts';
import { type AnalyticsScope, scopeQuery } from './scope-query.ts';

const query = (input: QueryIrInput, scope: AnalyticsScope = {}) => scopeQuery(queryIrSchema.parse(input), scope);
const aggregation = (input: QueryIrInput, scope?: AnalyticsScope) => compileSqlAggregation(query(input, scope), 10);
const squeezed = (text: string) => text.replace(/\s+/g, ' ');
/** The query with its parameters written in (as JSON), to read what it asks whatever their numbering. */
const readable = ({ text, params }: { text: string; params: unknown[] }) =>
  squeezed(text).replace(/\$(\d+)/g, (_, index: string) => JSON.stringify(params[Number(index) - 1]));

describe('IR → SQL', () => {
  it('compiles a metric by breakdown and calendar bucket in the time zone, every value a parameter', () => {
    const { text, params } = aggregation(
      { kpi: 'download', breakdowns: ['isp'], granularity: 'month', tsStart: '2026-03-01', tsEnd: '2026-03-31' },
      { timeZone: 'Europe/Madrid' },
    );
    expect(squeezed(text)).toMatchInlineSnapshot(
      `"with selected as ( select m.measurement_id, m.probe_id, m.measured_at, (m.kpis ->> $3)::float8 as value, m.isp_id as series_0, date_trunc($4, m.measured_at, $5) as bucket from measurements m where m.isp_id is not null and m.measured_at >= $1::timestamptz and m.measured_at <= $2::timestamptz and (m.kpis ->> $3) is not null ) select series_0, bucket, count(*)::int as count, avg(value) as value from selected group by series_0, bucket order by series_0, bucket limit $6"`,
    );
    expect(params).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T21:59:59.999Z',
      'download',
      'month',
      'Europe/Madrid',
      10,
    ]);
  });

  it.each([
    ['median', 'percentile_cont(0.5) within group (order by value) as value'],
    ['p10', 'percentile_cont(0.1) within group (order by value) as value'],
    ['p90', 'percentile_cont(0.9) within group (order by value) as value'],
    ['count', 'count(*)::int as value'],
    ['uniqueCount', 'count(distinct probe_id)::int as value'],
    ['first', '(array_agg(value order by measured_at asc, measurement_id collate "C" asc))[1] as value'],
    ['last', '(array_agg(value order by measured_at desc, measurement_id collate "C" desc))[1] as value'],
    ['min', 'min(value) as value'],
  ] as const)('computes %s', (metric, aggregate) => {
    expect(aggregation({ kpi: 'latency', metric }).text).toContain(aggregate);
  });

  it('buckets by local weekday, or not at all', () => {
    expect(aggregation({ kpi: 'latency', granularity: 'weekday' }).text).toContain('m.weekday as bucket');
    expect(aggregation({ kpi: 'latency' }).text).toContain(`'all' as bucket`);
  });

  it('computes the five numbers of a boxplot', () => {
    expect(aggregation({ graphicType: 'boxplot', axes: { value: 'latency' } }).text).toContain(
      'min(value) as min, percentile_cont(array[0.25, 0.5, 0.75]) within group (order by value) as quartiles, max(value) as max',
    );
  });

  it('unnests a list breakdown, keeping only the series its include filter names', () => {
    const sql = readable(aggregation({ kpi: 'download', breakdowns: ['campaign'], campaigns: ['c1'] }));
    expect(sql).toContain('cross join lateral unnest(m.campaigns) as series_0(value)');
    expect(sql).toContain('series_0.value = any(["c1"]::text[])');
    expect(sql).toContain('m.campaigns && ["c1"]::text[]');
  });

  it('includes and excludes values; an excluded value never drops measurements that lack the field', () => {
    const sql = readable(
      aggregation({
        kpi: 'download',
        isps: ['Digi'],
        ispsCond: 'exclude',
        tags: ['gold'],
        technologies: [4],
        fringes: [2],
        fringesCond: 'exclude',
      }),
    );
    expect(sql).toContain('not coalesce(m.isp_id = any(["Digi"]::text[]), false)');
    expect(sql).toContain('m.tags && ["gold"]::text[]');
    expect(sql).toContain('m.technology = any([4]::int[])');
    expect(sql).toContain('not coalesce(m.fringe = any([2]::int[]), false)');
  });

  it('keeps an hour window, also across midnight', () => {
    expect(readable(aggregation({ kpi: 'download', hourStart: 8, hourEnd: 17 }))).toContain(
      'm.hour between 8::int and 17::int',
    );
    expect(readable(aggregation({ kpi: 'download', hourStart: 22, hourEnd: 5 }))).toContain(
      '(m.hour >= 22::int or m.hour <= 5::int)',
    );
  });

  it('compiles conditions with and, or, not and not_exists; a comparison with a missing KPI is false', () => {
    const sql = readable(
      aggregation({
        kpi: 'download',
        conditions: {
          and: [
            { kpi: 'latency', operator: 'lt', value: 30 },
            { or: [{ kpi: 'loss', operator: 'not_exists' }, { not: { kpi: 'jitter', operator: 'eq', value: 2 } }] },
          ],
        },
      }),
    );
    expect(sql).toContain(
      '(coalesce((m.kpis ->> "latency")::float8 < 30::float8, false) and (((m.kpis ->> "loss") is null) or (not coalesce((m.kpis ->> "jitter")::float8 = 2::float8, false))))',
    );
  });

  it('selects nothing when the scope leaves nothing', () => {
    expect(aggregation({ kpi: 'download' }, { kpis: ['upload'] }).text).toContain('where false');
  });

  it('computes the population statistics of a KPI for outlier fences', () => {
    const { text } = compileSqlStats(query({ kpi: 'download', breakdowns: ['campaign'] }), 'download');
    expect(squeezed(text)).toContain('count(*)::int as count, avg(value) as mean, stddev_pop(value) as deviation');
    expect(text).not.toContain('unnest');
  });

  it('samples a scatterplot per series by a hash of the seed and the measurement id', () => {
    const sql = readable(
      compileSqlSample(
        query({ graphicType: 'scatterplot', axes: { x: 'download', y: 'upload' }, breakdowns: ['universe'] }),
        { seed: 42, size: 10_000 },
      ),
    );
    expect(sql).toContain(
      `row_number() over (partition by series_0 order by md5("42" || ':' || measurement_id), measurement_id collate "C") as rank`,
    );
    expect(sql).toContain('(count(*) over (partition by series_0))::int as total');
    expect(sql).toContain('where rank <= 10000');
  });
});
