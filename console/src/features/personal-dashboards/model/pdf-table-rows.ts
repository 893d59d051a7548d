import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { chartedInPdf, pdfTableRowLimit } from '@nq/contracts/configuration/personal-dashboard';
import type { DashboardGraphic } from '../api/dashboards-api.ts';

/** The rows a table shows in the dashboard's PDF before it is cut. */
export const PDF_TABLE_ROW_LIMIT = pdfTableRowLimit;

/** The PDF draws the graphic types the contract names as charts (`chartedInPdf`); any other graphic as a table. */
export const drawnAsTableInPdf = (graphic: DashboardGraphic) => !chartedInPdf(graphic.request.graphicType);

/**
 * The rows a graphic takes as a table in the PDF, 0 when the PDF draws it as a chart: as the PDF writes them, a row
 * per series and bucket (a point each for a scatterplot).
 */
export function pdfTableRows(graphic: DashboardGraphic, answer: GraphicResponse): number {
  if (!drawnAsTableInPdf(graphic)) return 0;
  if (answer.kind === 'scatterplot') return answer.series.reduce((rows, series) => rows + series.points.length, 0);
  return answer.series.reduce((rows, series) => rows + series.buckets.length, 0);
}

/**
 * True when a table of the dashboard has more rows than its PDF shows (docs/product/screens.md#dashboards_personal:
 * warn before sending).
 */
export const exceedsPdf = (graphic: DashboardGraphic, answer: GraphicResponse | undefined) =>
  answer !== undefined && pdfTableRows(graphic, answer) > PDF_TABLE_ROW_LIMIT;
