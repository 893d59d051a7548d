import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { TFunction } from 'i18next';
import type { ChartData } from './chart-model.ts';
import { chartDataOf } from './graphic-data.ts';
import { graphicLabels } from './graphic-labels.ts';

/**
 * A graphic answer as the chart data of the request it answers, the same wherever the graphic is drawn (the graphic
 * generator, a dashboard's tile): buckets of its granularity, averages named after its window, and a table by rows
 * and columns naming its first column after its rows.
 */
export function requestChartData(
  answer: GraphicResponse,
  request: Pick<QueryIrInput, 'granularity' | 'movingAverage' | 'axes'>,
  t: TFunction,
  { single, language, timeZone }: { single: string; language: string; timeZone: string },
): ChartData {
  const granularity = request.granularity ?? 'no_granularity';
  const labels = graphicLabels(t, {
    single,
    granularity,
    language,
    timeZone,
    ...(request.movingAverage ? { movingAverageWindow: request.movingAverage } : {}),
  });
  const rows = request.axes?.rows;
  const axisTitle = rows
    ? rows === 'time'
      ? t(`analysis:granularities.${granularity}`)
      : t(`analysis:breakdowns.${rows}`)
    : labels.axisTitle;
  return chartDataOf(answer, { ...labels, axisTitle });
}
