import { personalDashboardFieldsSchema, queryIrSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardPdf } from './dashboard-pdf.ts';

const request = queryIrSchema.parse({ programs: ['speedtest'], kpi: 'latency', graphicType: 'table' });
const dashboard = personalDashboardFieldsSchema.parse({
  name: 'Probes',
  categories: [{ name: 'Latency', graphics: [{ id: 'g1', title: 'Every probe', request }] }],
});
const context = { profile: 'Analyst', language: 'es' as const, timeZone: 'Europe/Madrid', generatedAt: new Date() };

describe('a dashboard as a PDF', () => {
  it('warns when a table is larger than the PDF shows (spec §2)', () => {
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
});
