import type { BucketKey } from '@nq/contracts/analytics/query-result';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { technologyText, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type EvolutionRequest, useEvolution } from '../api/evolution.ts';
import { EvolutionChart } from './EvolutionChart.tsx';
import { type EvolutionChoice, EvolutionFilters, initialChoice } from './EvolutionFilters.tsx';
import { bucketFormatter, chartData, isEmpty } from './evolution-series.ts';
import { readWindow, windowBounds } from './moving-average.ts';
import { isTimeGranularity, longestBucket, timeAxis } from './time-axis.ts';

const requestOf = (choice: EvolutionChoice, fallbackKpi: string | undefined): EvolutionRequest | undefined => {
  const kpi = choice.kpi || fallbackKpi;
  const { window, problem } = readWindow(choice.movingAverage);
  if (!kpi || problem || (choice.tsStart && choice.tsEnd && choice.tsEnd < choice.tsStart)) return undefined;
  return {
    kpi: kpi as EvolutionRequest['kpi'],
    metric: choice.metric,
    granularity: choice.granularity,
    breakdowns: choice.breakdowns,
    ...(window ? { movingAverage: window } : {}),
    ...(choice.globalAverage ? { globalAverage: true } : {}),
    ...(choice.tsStart ? { tsStart: choice.tsStart } : {}),
    ...(choice.tsEnd ? { tsEnd: choice.tsEnd } : {}),
  };
};

/** Spec §2 /evolution: a KPI's metric over time (by the chosen granularity), optionally per breakdown. */
export default function EvolutionPage() {
  const { t, i18n } = useTranslation(['evolution', 'analysis']);
  const profile = useProfile();
  const kpis = useKpiCatalogue();
  const [choice, setChoice] = useState<EvolutionChoice>(initialChoice);
  const fallbackKpi = kpis.data?.[0]?.id;
  const request = useMemo(() => requestOf(choice, fallbackKpi), [choice, fallbackKpi]);
  const evolution = useEvolution(request);
  const kpi = kpis.data?.find((item) => item.id === request?.kpi);
  const answer = evolution.data;
  const endBeforeStart =
    choice.tsStart && choice.tsEnd && choice.tsEnd < choice.tsStart
      ? errorMessage('validation.endBeforeStart')
      : undefined;
  const windowCode = readWindow(choice.movingAverage).problem;
  const windowProblem = windowCode && errorMessage(windowCode, windowBounds);

  // Warnings (destinations without targets…) are toasted once per question, not at every refresh; the empty answer's
  // is shown in place of the chart.
  const warned = useRef<string>();
  useEffect(() => {
    const asked = JSON.stringify(request);
    if (!answer || evolution.isPlaceholderData || warned.current === asked) return;
    warned.current = asked;
    for (const warning of answer.warnings) if (warning.code !== 'graphics.noData') toast.warning(warning.code);
  }, [answer, evolution.isPlaceholderData, request]);

  const timeZone = profile?.timeZone ?? 'Etc/UTC';
  const chart = useMemo(() => {
    if (!answer || !request) return undefined;
    const bucket = bucketFormatter(request.granularity, i18n.language, timeZone, {
      weekday: (day) => t(`analysis:weekdays.${day}`),
      all: t('analysis:all'),
    });
    const granularity = isTimeGranularity(request.granularity) ? request.granularity : undefined;
    const data = chartData(
      answer.series,
      {
        single: kpi?.label ?? request.kpi,
        value: (dimension, value) =>
          dimension === 'fringe'
            ? t(`analysis:fringes.${value}`)
            : dimension === 'status'
              ? t(`analysis:sections.${value}`, { defaultValue: String(value) })
              : dimension === 'technology'
                ? technologyText(t, String(value))
                : dimension === 'testType'
                  ? testTypeText(t, String(value))
                  : dimension === 'probeType'
                    ? t(`measurementAnalysis:detail.probeTypes.${value}`, { defaultValue: String(value) })
                    : String(value),
        bucket: (key: BucketKey) => bucket(key),
        movingAverage: (series) => t('evolution:movingAverageOf', { series, window: request.movingAverage }),
        globalAverage: (series) => t('evolution:globalAverageOf', { series }),
      },
      granularity ? { longestBucket: longestBucket[granularity] } : {},
    );
    const axis =
      granularity && data.buckets.length > 0
        ? timeAxis(
            data.buckets.map((row) => Number(row.x)),
            granularity,
            { language: i18n.language, timeZone },
          )
        : undefined;
    return { data, axis };
  }, [answer, request, kpi?.label, i18n.language, timeZone, t]);
  const data = chart?.data;

  const unit = kpi?.unit && request?.metric !== 'count' && request?.metric !== 'uniqueCount' ? kpi.unit : undefined;
  const number = (value: number) =>
    new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(value);
  const format = (value: number) => `${number(value)}${unit ? ` ${unit}` : ''}`;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('evolution:title')} />
      <Card>
        <EvolutionFilters
          kpis={kpis.data ?? []}
          choice={choice}
          onChange={setChoice}
          endBeforeStart={endBeforeStart}
          windowProblem={windowProblem}
        />
      </Card>
      <Card>
        <h2 className="mb-3 text-base font-semibold text-gray-800">
          {kpi
            ? t('evolution:chartTitle', { kpi: kpi.label, metric: t(`analysis:metrics.${request?.metric ?? 'avg'}`) })
            : ''}
        </h2>
        {evolution.isPending && request && <Spinner label={t('common:loading')} />}
        {answer &&
          data &&
          (isEmpty(answer.series) ? (
            <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="evolution-empty">
              {errorMessage('graphics.noData')}
            </p>
          ) : (
            <div data-testid="evolution-chart" aria-busy={evolution.isFetching || undefined}>
              <EvolutionChart type={choice.chartType} data={data} axis={chart?.axis} unit={unit} format={number} />
              <details className="mt-4">
                <summary className="cursor-pointer text-sm font-medium text-gray-700">
                  {t('evolution:dataTable')}
                </summary>
                <div className="mt-2 overflow-x-auto">
                  <table className="min-w-full divide-y divide-gray-200 text-sm">
                    <thead className="bg-gray-50">
                      <tr>
                        <th scope="col" className="px-3 py-2 text-left font-semibold text-gray-600">
                          {t(`analysis:granularities.${request?.granularity ?? 'day'}`)}
                        </th>
                        {data.lines.map((line) => (
                          <th key={line.key} scope="col" className="px-3 py-2 text-right font-semibold text-gray-600">
                            {line.name}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-gray-100">
                      {data.buckets.map((row) => (
                        <tr key={String(row.x)}>
                          <td className="px-3 py-1.5">{row.label}</td>
                          {data.lines.map((line) => {
                            const value = row[line.key];
                            return (
                              <td key={line.key} className="px-3 py-1.5 text-right tabular-nums">
                                {typeof value === 'number' ? format(value) : ''}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </div>
          ))}
      </Card>
    </div>
  );
}
