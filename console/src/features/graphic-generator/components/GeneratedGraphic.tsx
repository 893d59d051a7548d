import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { useAnswerWarnings } from '../../../shared/charts/answer-warnings.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { isEmptyGraphic } from '../../../shared/charts/graphic-data.ts';
import type { GraphicPin } from '../../../shared/charts/graphic-query.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { ReproductionLine } from '../../../shared/charts/ReproductionLine.tsx';
import { requestChartData } from '../../../shared/charts/request-chart-data.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Spinner } from '../../../shared/ui/screens.tsx';

/** The catalogue code of a failed graphic: the server's own, or that generating it failed. */
const failureCode = (error: unknown) =>
  isApiError(error) && error.code !== 'generic.error' && error.code !== 'internal.error'
    ? error.code
    : 'graphics.generateFailed';

/**
 * The generated graphic: drawn with the chart actions (reset zoom, export, colours), 'No data for selected values' in
 * its place when the answer is empty, the catalogue's message when it failed. Other warnings (a sampled scatterplot,
 * access narrowed since the numbers reproduced…) are toasted once per answer. Under it, what reproduces its numbers:
 * Reproduce pins them (`pinned`, kept by the screen), Latest unpins.
 */
export function GeneratedGraphic({
  request,
  query,
  title,
  single,
  unit,
  axisNames,
  pinned,
  onPin,
}: {
  request: QueryIrInput;
  query: UseQueryResult<GraphicResponse>;
  title: string;
  /** The series' name without breakdowns. */
  single: string;
  unit?: string | undefined;
  /** A scatterplot's axes: the fields they plot, with their units. */
  axisNames?: { x: string; y: string } | undefined;
  /** The graphic is asked with a pin (an answer's `asOf` and `receivedUntil`). */
  pinned: boolean;
  onPin: (pin: GraphicPin | undefined) => void;
}) {
  const { t, i18n } = useTranslation(['graphicGenerator', 'analysis', 'charts']);
  const profile = useProfile();
  const answer = query.data;
  const timeZone = profile?.timeZone ?? 'Etc/UTC';
  const { granularity, movingAverage, axes } = request;
  const data = useMemo(
    () =>
      answer &&
      requestChartData(answer, { granularity, movingAverage, axes }, t, {
        single,
        language: i18n.language,
        timeZone,
      }),
    [answer, single, granularity, movingAverage, axes, i18n.language, timeZone, t],
  );

  useAnswerWarnings(answer);

  // Pending but no longer asked: cancelled (the progress above says so and asks again).
  if (query.isPending) return query.isFetching ? <Spinner label={t('common:loading')} /> : null;
  // Pinned, a failure or an empty answer still offers the latest numbers.
  if (query.isError)
    return (
      <>
        <p role="alert" className="py-12 text-center text-sm text-rose-700" data-testid="generator-error">
          {errorMessage(failureCode(query.error), isApiError(query.error) ? query.error.params : undefined)}
        </p>
        <ReproductionLine pinned={pinned} onPin={onPin} />
      </>
    );
  if (!answer || !data) return null;
  if (isEmptyGraphic(answer))
    return (
      <>
        <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="generator-empty">
          {errorMessage('graphics.noData')}
        </p>
        <NarrowedByNote narrowedBy={answer.narrowedBy} className="text-center" />
        <ReproductionLine reproduce={answer.reproduce} pinned={pinned} onPin={onPin} />
      </>
    );
  const display = request.display ?? {};
  return (
    <div
      data-testid="generator-chart"
      aria-busy={query.isFetching || undefined}
      // The width option is a share of the space the graphic is given; React sets it through the CSSOM, which the
      // content security policy allows.
      style={{ width: `${display.width ?? 100}%` }}
    >
      <GraphicChart
        title={title}
        type={request.graphicType ?? 'bars'}
        data={data}
        unit={unit}
        axisNames={axisNames}
        stacked={display.graphicDistribution === 'stacked'}
        display={display}
        reproduction={answer.reproduce && { reproduce: answer.reproduce, pinned, onPin }}
      />
      <NarrowedByNote narrowedBy={answer.narrowedBy} className="mt-2" />
    </div>
  );
}
