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
});
