import { type QueryIrInput, queryIrSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import {
  compileElasticsearchAggregation,
  compileElasticsearchQuery,
  compileElasticsearchSample,
  compileElasticsearchStats,
} from './compile-elasticsearch.ts';
import { type AnalyticsScope, scopeQuery } from './scope-query.ts';

const query = (input: QueryIrInput, scope: AnalyticsScope = {}) => scopeQuery(queryIrSchema.parse(input), scope);
const tdigest = { compression: 1000 };

describe('IR → Elasticsearch', () => {
  it('nests terms per breakdown, a date histogram in the time zone, and the metric', () => {
    const body = compileElasticsearchAggregation(
      query(
        {
          kpi: 'download',
          metric: 'median',
          breakdowns: ['isp', 'campaign'],
          campaigns: ['c1'],
          granularity: 'week',
          tsStart: '2026-03-01',
          tsEnd: '2026-03-31',
        },
        { timeZone: 'Europe/Madrid' },
      ),
    );
    expect(body).toEqual({
      size: 0,
      track_total_hits: false,
      query: {
        bool: {
          filter: [
            { range: { measuredAt: { gte: '2026-02-28T23:00:00.000Z', lte: '2026-03-31T21:59:59.999Z' } } },
            { terms: { campaigns: ['c1'] } },
            { exists: { field: 'kpis.download' } },
          ],
        },
      },
      aggs: {
        selected: {
          filter: { match_all: {} },
          aggs: {
            series: {
              terms: { field: 'ispId', size: 10_000 },
              aggs: {
                series: {
                  terms: { field: 'campaigns', size: 10_000, include: ['c1'] },
                  aggs: {
                    buckets: {
                      date_histogram: {
                        field: 'measuredAt',
                        calendar_interval: 'week',
                        time_zone: 'Europe/Madrid',
                        min_doc_count: 1,
                      },
                      aggs: {
                        value: { percentiles: { field: 'kpis.download', percents: [50], keyed: false, tdigest } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
  });

  it.each([
    ['avg', { value: { avg: { field: 'kpis.latency' } } }],
    ['min', { value: { min: { field: 'kpis.latency' } } }],
    ['max', { value: { max: { field: 'kpis.latency' } } }],
    ['count', {}],
    ['p10', { value: { percentiles: { field: 'kpis.latency', percents: [10], keyed: false, tdigest } } }],
    ['p90', { value: { percentiles: { field: 'kpis.latency', percents: [90], keyed: false, tdigest } } }],
    ['uniqueCount', { value: { cardinality: { field: 'probeId', precision_threshold: 40_000 } } }],
    [
      'first',
      {
        value: {
          top_hits: {
            size: 1,
            sort: [{ measuredAt: { order: 'asc' } }, { measurementId: { order: 'asc' } }],
            _source: { includes: ['kpis.latency'] },
          },
        },
      },
    ],
    [
      'last',
      {
        value: {
          top_hits: {
            size: 1,
            sort: [{ measuredAt: { order: 'desc' } }, { measurementId: { order: 'desc' } }],
            _source: { includes: ['kpis.latency'] },
          },
        },
      },
    ],
  ] as const)('computes %s', (metric, aggregations) => {
    expect(compileElasticsearchAggregation(query({ kpi: 'latency', metric })).aggs).toEqual({
      selected: { filter: { match_all: {} }, aggs: aggregations },
    });
  });

  it('buckets by local weekday, and computes the five numbers of a boxplot', () => {
    expect(
      compileElasticsearchAggregation(
        query({ graphicType: 'boxplot', axes: { value: 'loss' }, granularity: 'weekday' }),
      ).aggs,
    ).toEqual({
      selected: {
        filter: { match_all: {} },
        aggs: {
          buckets: {
            terms: { field: 'weekday', size: 7 },
            aggs: {
              min: { min: { field: 'kpis.loss' } },
              max: { max: { field: 'kpis.loss' } },
              quartiles: { percentiles: { field: 'kpis.loss', percents: [25, 50, 75], keyed: false, tdigest } },
            },
          },
        },
      },
    });
  });

  it('includes and excludes values, keeps an hour window across midnight and the conditions', () => {
    expect(
      compileElasticsearchQuery(
        query({
          kpi: 'download',
          isps: ['Digi'],
          ispsCond: 'exclude',
          args: ['madrid-1'],
          technologies: [4, 5],
          hourStart: 22,
          hourEnd: 5,
          conditions: {
            or: [
              { kpi: 'latency', operator: 'lte', value: 30 },
              { not: { kpi: 'loss', operator: 'not_exists' } },
              { and: [{ kpi: 'jitter', operator: 'eq', value: 1 }] },
            ],
          },
        }),
      ),
    ).toEqual({
      bool: {
        filter: [
          {
            bool: {
              should: [{ range: { hour: { gte: 22 } } }, { range: { hour: { lte: 5 } } }],
              minimum_should_match: 1,
            },
          },
          { terms: { 'destination.name': ['madrid-1'] } },
          { terms: { technology: [4, 5] } },
          { exists: { field: 'kpis.download' } },
          {
            bool: {
              should: [
                { range: { 'kpis.latency': { lte: 30 } } },
                { bool: { must_not: [{ bool: { must_not: [{ exists: { field: 'kpis.loss' } }] } }] } },
                { bool: { filter: [{ term: { 'kpis.jitter': 1 } }] } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
        must_not: [{ terms: { ispId: ['Digi'] } }],
      },
    });
  });

  it('matches nothing when the scope leaves nothing', () => {
    expect(compileElasticsearchQuery(query({ kpi: 'download', technologies: [98] }, { technologies: [4] }))).toEqual({
      match_none: {},
    });
  });

  it('asks for the extended statistics of a KPI for outlier fences', () => {
    expect(compileElasticsearchStats(query({ kpi: 'download' }), 'download').aggs).toEqual({
      stats: { extended_stats: { field: 'kpis.download' } },
    });
  });

  it('samples one series by random_score over the seed and the measurement id', () => {
    const scatterplot = query({ graphicType: 'scatterplot', axes: { x: 'download', y: 'upload' } });
    expect(
      compileElasticsearchSample(scatterplot, { seed: 42, size: 10_000 }, { dimension: 'universe', value: 'u1' }),
    ).toEqual({
      size: 10_000,
      track_total_hits: true,
      query: {
        function_score: {
          query: {
            bool: {
              filter: [compileElasticsearchQuery(scatterplot), { terms: { universes: ['u1'] } }],
            },
          },
          functions: [{ random_score: { seed: 42, field: 'measurementId' } }],
          boost_mode: 'replace',
        },
      },
      sort: [{ _score: { order: 'desc' } }, { measurementId: { order: 'asc' } }],
      _source: ['measurementId', 'probeId', 'measuredAt', 'kpis.download', 'kpis.upload'],
    });
  });

  it("reads a measurement stored without a source as the panel's, in a filter and in a breakdown", () => {
    const withoutSource = { bool: { must_not: [{ exists: { field: 'source' } }] } };
    const panel = { bool: { should: [{ terms: { source: ['panel'] } }, withoutSource], minimum_should_match: 1 } };
    const selection = (input: QueryIrInput) => compileElasticsearchQuery(query({ kpi: 'download', ...input }));
    expect(selection({ sources: ['panel'] }).bool?.filter).toContainEqual(panel);
    expect(selection({ sources: ['panel'], sourcesCond: 'exclude' }).bool?.must_not).toEqual([panel]);
    expect(selection({ sources: ['ripe-atlas'] }).bool?.filter).toContainEqual({ terms: { source: ['ripe-atlas'] } });
    const bySource = compileElasticsearchAggregation(query({ kpi: 'download', breakdowns: ['source'] }));
    expect(bySource.aggs?.selected?.aggs?.series?.terms).toEqual({ field: 'source', size: 10_000, missing: 'panel' });
  });
});
