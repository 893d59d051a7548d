import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { isEmptyGraphic } from '../../../shared/charts/graphic-data.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { requestChartData } from '../../../shared/charts/request-chart-data.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';

/** The catalogue code of a failed graphic: the server's own, or that generating it failed. */
const failureCode = (error: unknown) =>
  isApiError(error) && error.code !== 'generic.error' && error.code !== 'internal.error'
    ? error.code
    : 'graphics.generateFailed';

/**
 * The generated graphic: drawn with the chart actions (reset zoom, export, colours), 'No data for selected values' in
 * its place when the answer is empty, the catalogue's message when it failed. Other warnings (a sampled scatterplot…)
 * are toasted once per answer.
 */
export function GeneratedGraphic({
  request,
  query,
  title,
  single,
  unit,
  axisNames,
}: {
  request: QueryIrInput;
  query: UseQueryResult<GraphicResponse>;
  title: string;
  /** The series' name without breakdowns. */
  single: string;
  unit?: string | undefined;
  /** A scatterplot's axes: the fields they plot, with their units. */
  axisNames?: { x: string; y: string } | undefined;
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

  const warned = useRef<GraphicResponse>(undefined);
  useEffect(() => {
    if (!answer || warned.current === answer) return;
    warned.current = answer;
    for (const warning of answer.warnings)
      if (warning.code !== 'graphics.noData') toast.warning(warning.code, warning.params);
  }, [answer]);

  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="py-12 text-center text-sm text-rose-700" data-testid="generator-error">
        {errorMessage(failureCode(query.error), isApiError(query.error) ? query.error.params : undefined)}
      </p>
    );
  if (!answer || !data) return null;
  if (isEmptyGraphic(answer))
    return (
      <>
        <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="generator-empty">
          {errorMessage('graphics.noData')}
        </p>
        <NarrowedByNote narrowedBy={answer.narrowedBy} className="text-center" />
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
      />
      <NarrowedByNote narrowedBy={answer.narrowedBy} className="mt-2" />
    </div>
  );
}
