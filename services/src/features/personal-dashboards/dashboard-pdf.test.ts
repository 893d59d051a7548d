import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type MetricSeries, personalDashboardFieldsSchema, type QueryResult, queryIrSchema } from '@nq/contracts';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import { numberText } from '@nq/platform/pdf/pdf-texts';
import { describe, expect, it } from 'vitest';
import { dashboardPdf, pdfScatterPointLimit } from './dashboard-pdf.ts';

const request = queryIrSchema.parse({ programs: ['speedtest'], kpi: 'latency', graphicType: 'table' });
const dashboard = personalDashboardFieldsSchema.parse({
  name: 'Probes',
  categories: [{ name: 'Latency', graphics: [{ id: 'g1', title: 'Every probe', request }] }],
});
const context = { profile: 'Analyst', language: 'es' as const, timeZone: 'Europe/Madrid', generatedAt: new Date() };

describe('a dashboard as a PDF', () => {
  it('warns when a table is larger than the PDF shows', () => {
    const series = Array.from({ length: 600 }, (_, index) => ({
      key: { probe: `probe-${index}` },
      buckets: [{ key: 'all' as const, count: 1, value: index }],
    }));
    const { warnings } = dashboardPdf(
      dashboard,
      [
        {
          category: 'Latency',
          graphic: dashboard.categories[0]!.graphics[0]!,
          result: { kind: 'metric', metric: 'avg', series, warnings: [] },
        },
      ],
      context,
    );
    expect(warnings.map((warning) => warning.code)).toEqual(['dashboards.tableExceedsPdf', 'reports.tableTruncated']);
  });

  it('writes why a graphic has no data instead of failing the whole PDF', () => {
    const { warnings, document } = dashboardPdf(
      dashboard,
      [{ category: 'Latency', graphic: dashboard.categories[0]!.graphics[0]!, error: 'Sin destinos' }],
      context,
    );
    expect(warnings).toEqual([]);
    expect(JSON.stringify(document.content)).toContain('Sin destinos');
  });

  it("lays each category's graphics out in their grid's order and leaves out a category without graphics", () => {
    const graphic = (id: string, title: string, x: number, y: number) => ({
      id,
      title,
      request,
      layout: { x, y, w: 6, h: 4 },
    });
    const arranged = personalDashboardFieldsSchema.parse({
      name: 'Arranged',
      categories: [
        {
          name: 'Speed',
          graphics: [graphic('low', 'Below', 0, 4), graphic('right', 'Right', 6, 0), graphic('left', 'Left', 0, 0)],
        },
        { name: 'Nothing yet' },
      ],
    });
    const answers = arranged.categories[0]!.graphics.map((shown) => ({
      category: 'Speed',
      graphic: shown,
      error: 'x',
    }));
    const text = JSON.stringify(dashboardPdf(arranged, answers, context).document.content);
    const at = (title: string) => text.indexOf(`"${title}"`);
    expect(at('Left')).toBeLessThan(at('Right'));
    expect(at('Right')).toBeLessThan(at('Below'));
    expect(text).not.toContain('"Nothing yet"');
  });

  it("draws each provider in its configured colour, and each other series in its own whatever the chart's order", () => {
    const line = queryIrSchema.parse({ kpi: 'download', graphicType: 'line', granularity: 'day', breakdowns: ['isp'] });
    const lines = personalDashboardFieldsSchema.parse({
      name: 'Providers',
      categories: [{ name: 'Speed', graphics: [{ id: 'g1', title: 'Download', request: line }] }],
    });
    const buckets = ['2026-10-05T00:00:00.000Z', '2026-10-06T00:00:00.000Z'].map((key) => ({
      key,
      count: 1,
      value: 80,
    }));
    const orange = { key: { isp: 'p-orange' }, labels: { isp: 'Orange' }, colours: { isp: '#ff7900' }, buckets };
    const digi = { key: { isp: 'p-digi' }, labels: { isp: 'Digi' }, colours: { isp: '#1e3a8a' }, buckets };
    const campaigns = ['Madrid', 'Sevilla', 'Bilbao'].map((campaign) => ({ key: { campaign }, buckets }));
    /** Each series' colour by its name, as the PDF's chart draws its points (in the order of the answer's series). */
    const drawn = (series: MetricSeries[]) => {
      const result: QueryResult = { kind: 'metric', metric: 'avg', warnings: [], series };
      const graphic = lines.categories[0]!.graphics[0]!;
      const content = dashboardPdf(lines, [{ category: 'Speed', graphic, result }], context).document.content;
      const svg = JSON.stringify(content).match(/"svg":"(<svg.*?<\/svg>)"/)![1]!;
      const colours = new Map<string, string>();
      for (const [, colour, index] of svg.matchAll(/stroke=\\"(#[0-9a-f]{6})\\" ecmeta_series_index=\\"(\d+)\\"/g)) {
        const item = series[Number(index)]!;
        colours.set(Object.values(item.labels ?? item.key).join(), colour!);
      }
      return Object.fromEntries(colours);
    };

    expect(drawn([orange, digi])).toEqual({ Orange: '#ff7900', Digi: '#1e3a8a' });
    expect(drawn([digi, orange])).toEqual({ Orange: '#ff7900', Digi: '#1e3a8a' });
    expect(Object.keys(drawn(campaigns))).toHaveLength(3);
    expect(drawn(campaigns.toReversed())).toEqual(drawn(campaigns));
  });
});

describe('a dashboard of a boxplot and a scatterplot as a PDF', { timeout: 60_000 }, () => {
  const boxplot = queryIrSchema.parse({
    programs: ['speedtest'],
    graphicType: 'boxplot',
    axes: { value: 'download' },
    granularity: 'week',
  });
  const scatterplot = queryIrSchema.parse({
    programs: ['speedtest'],
    graphicType: 'scatterplot',
    axes: { x: 'download', y: 'latency' },
    breakdowns: ['campaign'],
  });
  const plotted = personalDashboardFieldsSchema.parse({
    name: 'Plotted',
    categories: [
      {
        name: 'Speed',
        graphics: [
          { id: 'box', title: 'Download per week', request: boxplot, layout: { x: 0, y: 0, w: 6, h: 4 } },
          { id: 'points', title: 'Download and latency', request: scatterplot, layout: { x: 0, y: 4, w: 6, h: 4 } },
          { id: 'table', title: 'Latency per week', request, layout: { x: 0, y: 8, w: 6, h: 4 } },
        ],
      },
    ],
  });
  const weeks = ['2026-10-05T00:00:00.000Z', '2026-10-12T00:00:00.000Z', '2026-10-19T00:00:00.000Z'];
  const boxplotResult: QueryResult = {
    kind: 'boxplot',
    warnings: [],
    series: ['Movistar', 'Orange'].map((name, provider) => ({
      key: { isp: name },
      buckets: weeks.map((key, week) => ({
        key,
        count: 40 + week,
        min: 80.2 + provider * 10,
        q1: 110.5 + week,
        median: 123 + provider * 5 - week,
        q3: 140.49 + week * 2,
        max: 190.6 - provider * 8,
      })),
    })),
  };
  // Points as a campaign's measurements scatter: the faster the download, the lower the latency, give or take.
  const pointsOf = (count: number, seed: number) => {
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    return Array.from({ length: count }, (_, index) => {
      const x = 5 + random() * 295;
      return {
        measurementId: `m${seed}-${index}`,
        probeId: `p${index % 7}`,
        measuredAt: '2026-10-06T10:00:00.000Z',
        x,
        y: 12 + 900 / (x + 10) + random() * 25 * seed,
      };
    });
  };
  const scatterResult: QueryResult = {
    kind: 'scatterplot',
    seed: 1,
    sampleSize: 10_000,
    warnings: [],
    series: [
      { key: { campaign: 'Madrid' }, total: 12_000, points: pointsOf(10_000, 1) },
      { key: { campaign: 'Sevilla' }, total: 900, points: pointsOf(900, 2) },
    ],
  };
  const tableResult: QueryResult = {
    kind: 'metric',
    metric: 'avg',
    warnings: [],
    series: [
      { key: {}, buckets: weeks.map((key, week) => ({ key, count: 3 + week, value: [123.6, 123, 120.49][week]! })) },
    ],
  };
  const answers = [boxplotResult, scatterResult, tableResult].map((result, index) => ({
    category: 'Speed',
    graphic: plotted.categories[0]!.graphics[index]!,
    result,
  }));
  const english = { ...context, language: 'en' as const };

  it('draws the boxplot and the scatterplot as charts, the table graphic alone as a table, and notes the points left out', () => {
    const { document, warnings } = dashboardPdf(plotted, answers, english);
    const content = JSON.stringify(document.content);
    expect(warnings).toEqual([]);
    // The table graphic alone is a table.
    expect(content.match(/"table":/g)).toHaveLength(1);
    expect(content.indexOf('"table":')).toBeGreaterThan(content.indexOf('Latency per week'));
    expect(content.match(/"svg":"<svg/g)).toHaveLength(2);
    expect(content).toContain(
      `The chart draws ${numberText(pdfScatterPointLimit, 'en')} of the 10,900 points answered, spread evenly over them.`,
    );
  });

  it('comes out as vector charts whose axes name their KPIs and units, every label with the same decimals', async () => {
    const pdf = await renderPdf(dashboardPdf(plotted, answers, english).document);
    const dir = mkdtempSync(join(tmpdir(), 'nq-dashboard-pdf-'));
    const path = join(dir, 'plotted.pdf');
    writeFileSync(path, pdf);
    // Vector graphics: no picture in the file.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    for (const expected of ['Download per week', 'Download and latency', 'Download speed (Mbps)'])
      expect(text).toContain(expected);
    expect(text).toContain('Latency (ms)');
    expect(text).toMatch(/avg \(ms\)[^\n]*Count/);
    for (const value of ['123.60', '123.00', '120.49']) expect(text).toContain(value);
    expect(text).not.toContain('Q1');
    const screenshots = resolve('test-results/screenshots');
    mkdirSync(screenshots, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '2', path, join(screenshots, 'pdf-boxplot')]);
  });
});

describe('a dashboard table in the PDF', () => {
  it('names the unit of its values and writes them all with two decimals', () => {
    const series = [
      {
        key: {},
        buckets: [
          { key: '2026-10-05T00:00:00.000Z', count: 3, value: 123.6 },
          { key: '2026-10-12T00:00:00.000Z', count: 4, value: 123 },
          { key: '2026-10-19T00:00:00.000Z', count: 5, value: 120.49 },
        ],
      },
    ];
    const { document } = dashboardPdf(
      dashboard,
      [
        {
          category: 'Latency',
          graphic: dashboard.categories[0]!.graphics[0]!,
          result: { kind: 'metric', metric: 'avg', series, warnings: [] },
        },
      ],
      { ...context, language: 'en' },
    );
    const content = JSON.stringify(document.content);
    expect(content).toContain('"text":"avg (ms)"');
    for (const value of ['123.60', '123.00', '120.49']) expect(content).toContain(`"text":"${value}"`);
    expect(content).toContain('"text":"3"');
  });
});

describe('a pinned dashboard PDF', () => {
  const reproduce = { asOf: '42:3', receivedUntil: '2026-12-06T09:00:00.000Z' };
  const result: QueryResult = { kind: 'metric', metric: 'avg', series: [], warnings: [] };
  const answers = [{ category: 'Latency', graphic: dashboard.categories[0]!.graphics[0]!, result }];

  it('names once, on its title page, what its figures are pinned to, in the PDF’s time zone and language', () => {
    for (const [language, expected] of [
      [
        'en',
        'Data received until 6 Dec 2026, 10:00, configuration position 42:3. Asked again with asOf=42:3 and receivedUntil=2026-12-06T09:00:00.000Z, the same figures.',
      ],
      [
        'es',
        'Datos recibidos hasta 6 dic 2026, 10:00, posición de configuración 42:3. Pedido de nuevo con asOf=42:3 y receivedUntil=2026-12-06T09:00:00.000Z, las mismas cifras.',
      ],
    ] as const) {
      const { document } = dashboardPdf(dashboard, answers, { ...context, language, reproduce });
      const [title, ...rest] = document.content as unknown[];
      expect(JSON.stringify(title)).toContain(JSON.stringify(expected));
      expect(JSON.stringify(rest)).not.toContain('asOf=');
    }
  });

  it('names no pin when sent unpinned (a job queued before)', () => {
    const { document } = dashboardPdf(dashboard, answers, context);
    expect(JSON.stringify(document.content)).not.toContain('asOf=');
  });
});
