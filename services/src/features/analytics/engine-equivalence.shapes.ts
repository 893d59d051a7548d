import type { QueryIrInput } from '@nq/contracts';
import { metrics } from '@nq/contracts';

export const month = { tsStart: '2026-03-01', tsEnd: '2026-04-30' } as const;

/** Every query shape of the graphic filter set, by name. */
export const shapes: Record<string, QueryIrInput> = {
  ...Object.fromEntries(
    metrics.map((metric) => [`${metric} by ISP`, { kpi: 'download', metric, breakdowns: ['isp'] }]),
  ),
  ...Object.fromEntries(
    metrics.map((metric) => [`${metric} of latency by day`, { kpi: 'latency', metric, granularity: 'day' }]),
  ),
  ...Object.fromEntries(
    (['minutes', 'hours', 'day', 'week', 'weekday', 'month', 'quarter', 'year', 'no_granularity'] as const).map(
      (granularity) => [`avg by ${granularity}`, { kpi: 'download', granularity, ...month }],
    ),
  ),
  'median by week and technology': {
    kpi: 'download',
    metric: 'median',
    granularity: 'week',
    breakdowns: ['technology'],
  },
  'count by probe': { kpi: 'upload', metric: 'count', breakdowns: ['probe'] },
  'avg by campaign (a list)': { kpi: 'download', breakdowns: ['campaign'], granularity: 'month' },
  'p90 by universe (a list)': { kpi: 'download', metric: 'p90', breakdowns: ['universe'] },
  'count by tag and cluster': { kpi: 'download', metric: 'count', breakdowns: ['tag', 'cluster'] },
  'first by ISP and technology by month': {
    kpi: 'jitter',
    metric: 'first',
    breakdowns: ['isp', 'technology'],
    granularity: 'month',
  },
  'last by program, destination, fringe': {
    kpi: 'jitter',
    metric: 'last',
    breakdowns: ['program', 'destination', 'fringe'],
  },
  'ISPs included': { kpi: 'download', isps: ['provider-movistar', 'provider-orange'], breakdowns: ['isp'] },
  'ISPs excluded': {
    kpi: 'download',
    isps: ['provider-digi'],
    ispsCond: 'exclude',
    breakdowns: ['isp'],
    granularity: 'week',
  },
  'tags included, by tag': { kpi: 'download', tags: ['gold'], breakdowns: ['tag'] },
  'tags excluded': { kpi: 'download', metric: 'count', tags: ['beta'], tagsCond: 'exclude', breakdowns: ['tag'] },
  'technologies included': { kpi: 'latency', technologies: [4, 5], breakdowns: ['technology'] },
  'technologies excluded': { kpi: 'latency', metric: 'max', technologies: [98], technologiesCond: 'exclude' },
  'args included': { kpi: 'latency', args: ['madrid-1'], breakdowns: ['destination'] },
  'args excluded': { kpi: 'latency', metric: 'count', args: ['madrid-1'], argsCond: 'exclude', granularity: 'day' },
  'fringes included': { kpi: 'download', fringes: [0], breakdowns: ['fringe'] },
  'fringes excluded': {
    kpi: 'download',
    metric: 'count',
    fringes: [2],
    fringesCond: 'exclude',
    breakdowns: ['fringe'],
  },
  'sources included, by source (the panel stored with or without one)': {
    kpi: 'download',
    sources: ['panel', 'ripe-atlas'],
    breakdowns: ['source'],
  },
  'sources excluded, the panel left out': {
    kpi: 'latency',
    metric: 'count',
    sources: ['panel'],
    sourcesCond: 'exclude',
    breakdowns: ['source'],
    granularity: 'month',
  },
  'p90 by source and ISP': { kpi: 'download', metric: 'p90', breakdowns: ['source', 'isp'] },
  'table of source rows by technology columns': {
    graphicType: 'table',
    axes: { rows: 'source', columns: 'technology', value: 'upload' },
  },
  'programs, probes, campaigns, universes, clusters': {
    kpi: 'download',
    metric: 'count',
    programs: ['speedtest'],
    probes: ['p01', 'p02', 'p05', 'p06', 'p09'],
    campaigns: ['centro'],
    breakdowns: ['campaign'],
  },
  'universes and clusters': { kpi: 'download', universes: ['premium'], clusters: ['k1'], breakdowns: ['universe'] },
  'hour window': { kpi: 'download', hourStart: 8, hourEnd: 17, granularity: 'weekday' },
  'hour window across midnight': {
    kpi: 'download',
    metric: 'count',
    hourStart: 22,
    hourEnd: 5,
    breakdowns: ['fringe'],
  },
  'conditions joined by and': {
    kpi: 'download',
    conditions: {
      and: [
        { kpi: 'latency', operator: 'lt', value: 30 },
        { kpi: 'upload', operator: 'gte', value: 10 },
      ],
    },
    breakdowns: ['isp'],
  },
  'conditions joined by or, with eq and gt': {
    kpi: 'download',
    metric: 'count',
    conditions: {
      or: [
        { kpi: 'latency', operator: 'eq', value: 20 },
        { kpi: 'download', operator: 'gt', value: 100 },
      ],
    },
  },
  'not, keeping measurements without the KPI': {
    kpi: 'download',
    metric: 'count',
    conditions: { not: { kpi: 'jitter', operator: 'gt', value: 5 } },
    breakdowns: ['technology'],
  },
  not_exists: { kpi: 'download', metric: 'count', conditions: { kpi: 'loss', operator: 'not_exists' } },
  'nested conditions': {
    kpi: 'upload',
    metric: 'avg',
    conditions: {
      and: [
        {
          or: [
            { kpi: 'loss', operator: 'not_exists' },
            { kpi: 'loss', operator: 'lte', value: 1 },
          ],
        },
        { not: { kpi: 'latency', operator: 'gte', value: 900 } },
      ],
    },
    granularity: 'month',
  },
  'data as received until an instant': {
    kpi: 'download',
    metric: 'count',
    receivedUntil: '2026-03-20T12:00:00Z',
    breakdowns: ['isp'],
    granularity: 'week',
  },
  'outliers removed': { kpi: 'latency', metric: 'max', outliers: true, breakdowns: ['isp'] },
  'outliers removed, 2σ, avg by day': { kpi: 'latency', outliers: true, outlierDeviations: 2, granularity: 'day' },
  'moving average': { kpi: 'download', granularity: 'day', movingAverage: 7, breakdowns: ['technology'] },
  'global average and median': { kpi: 'download', granularity: 'week', globalAverage: true, median: true },
  'ordered descending': { kpi: 'download', breakdowns: ['probe'], ordered: true, sortOrder: 'descending' },
  'ordered ascending, by month': { kpi: 'latency', breakdowns: ['isp'], ordered: true, granularity: 'month' },
  'date range over the DST change in Madrid, by hour': {
    kpi: 'download',
    metric: 'count',
    tsStart: '2026-03-28',
    tsEnd: '2026-03-30',
    granularity: 'hours',
  },
  'date range in another time zone, by day': {
    kpi: 'download',
    tsStart: '2026-04-01',
    tsEnd: '2026-04-03',
    timeZone: 'America/New_York',
    granularity: 'day',
  },
  'date range by instants': {
    kpi: 'download',
    metric: 'count',
    tsStart: '2026-03-10T12:30:00+01:00',
    tsEnd: '2026-03-20T08:00:00Z',
    granularity: 'day',
  },
  'boxplot by month': { graphicType: 'boxplot', axes: { value: 'download' }, granularity: 'month' },
  'boxplot by technology': {
    graphicType: 'boxplot',
    axes: { value: 'latency' },
    breakdowns: ['technology'],
    outliers: true,
  },
  scatterplot: { graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' }, seed: 7 },
  'scatterplot per universe': {
    graphicType: 'scatterplot',
    axes: { x: 'download', y: 'upload' },
    breakdowns: ['universe'],
    seed: 7,
  },
  'scatterplot per campaign': {
    graphicType: 'scatterplot',
    axes: { x: 'download', y: 'jitter' },
    breakdowns: ['campaign'],
    campaigns: ['centro'],
    seed: 11,
  },
  'table of ISP rows by technology columns': {
    graphicType: 'table',
    axes: { rows: 'isp', columns: 'technology', value: 'download' },
  },
  'table of month rows by campaign columns (a list), median': {
    graphicType: 'table',
    axes: { rows: 'time', columns: 'campaign', value: 'latency' },
    metric: 'median',
    granularity: 'month',
  },
  'table of weekday rows by ISP columns, transposed': {
    graphicType: 'table',
    axes: { rows: 'time', columns: 'isp', value: 'upload' },
    granularity: 'weekday',
    display: { transpose: true },
  },
  'table of tag rows by fringe columns, count, excluding ISPs': {
    graphicType: 'table',
    axes: { rows: 'tag', columns: 'fringe', value: 'download' },
    metric: 'count',
    isps: ['provider-digi'],
    ispsCond: 'exclude',
  },
  'basic generator, pie by ISP, display options': {
    generator: 'basic',
    graphicType: 'pie',
    kpi: 'download',
    breakdowns: ['isp'],
    display: { orientation: 'landscape', graphicDistribution: 'stacked', labelRotation: 45, minY: 0, maxY: 500 },
  },
  'connected devices between 2 and 6': { kpi: 'download', connectedDevices: { min: 2, max: 6 }, granularity: 'week' },
  'at least 10 connected devices, count by ISP': {
    kpi: 'latency',
    metric: 'count',
    connectedDevices: { min: 10 },
    breakdowns: ['isp'],
  },
  'at most 1 connected device, boxplot': {
    graphicType: 'boxplot',
    axes: { value: 'upload' },
    connectedDevices: { max: 1 },
  },
  'advanced generator, boxplot by ISP': {
    generator: 'advanced',
    graphicType: 'boxplot',
    axes: { value: 'jitter' },
    breakdowns: ['isp'],
  },
};
