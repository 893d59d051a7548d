import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { describe, expect, it } from 'vitest';
import type { DashboardGraphic } from '../api/dashboards-api.ts';
import { requestWithWindow } from './date-window.ts';
import { exceedsPdf, PDF_TABLE_ROW_LIMIT, pdfTableRows } from './pdf-table-rows.ts';

const graphic = (request: Partial<DashboardGraphic['request']>, scorecardId?: string): DashboardGraphic => ({
  id: 'g1',
  title: 'A graphic',
  layout: { x: 0, y: 0, w: 6, h: 4 },
  request: { graphicType: 'table', kpi: 'latency', tsStart: '2026-01-01', ...request } as DashboardGraphic['request'],
  ...(scorecardId ? { scorecardId } : {}),
});
const metric = (buckets: number): GraphicResponse =>
  ({
    kind: 'metric',
    metric: 'avg',
    series: [
      { key: {}, buckets: Array.from({ length: buckets }, (_, index) => ({ key: `b${index}`, value: 1, count: 1 })) },
    ],
    warnings: [],
  }) as unknown as GraphicResponse;

describe('a dashboard graphic', () => {
  it('counts the rows a table takes in the PDF; a chart takes none', () => {
    expect(pdfTableRows(graphic({}), metric(30))).toBe(30);
    expect(pdfTableRows(graphic({ graphicType: 'bars' }), metric(900))).toBe(0);
    expect(exceedsPdf(graphic({}), metric(PDF_TABLE_ROW_LIMIT + 1))).toBe(true);
    expect(exceedsPdf(graphic({}), metric(PDF_TABLE_ROW_LIMIT))).toBe(false);
  });

  it("takes the advanced filters' dates, unless it is a scorecard's", () => {
    const window = { tsStart: '2026-03-01', tsEnd: '2026-03-31' };
    expect(requestWithWindow(graphic({}), window)).toMatchObject(window);
    expect(requestWithWindow(graphic({}, 'quality'), window).tsStart).toBe('2026-01-01');
    expect(requestWithWindow(graphic({}), {}).tsStart).toBe('2026-01-01');
  });
});
