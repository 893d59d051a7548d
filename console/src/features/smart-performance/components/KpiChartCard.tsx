import type { SmartPerformanceAnswer, SmartPerformanceChart } from '@nq/contracts/analytics/smart-performance';
import { kpiById } from '@nq/contracts/measurements/kpis';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartDataOf, seriesName } from '../../../shared/charts/graphic-data.ts';
import { graphicLabels } from '../../../shared/charts/graphic-labels.ts';
import { type ChangeMarker, GraphicChart } from '../../../shared/charts/index.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { Card } from '../../../shared/ui/screens.tsx';

/** A unit worth writing: not a count of the KPI itself (hops in hops); a scale (MOS 1–5) only in the title. */
const unitOf = (chart: SmartPerformanceChart) => (chart.unit === chart.kpi ? '' : chart.unit);
const isScale = (unit: string) => /\d–\d/.test(unit);

export const kpiName = (kpi: string, language: string) => {
  const label = kpiById.get(kpi)?.label;
  return label ? (language === 'es' ? label.es : label.en) : kpi;
};

/** How a KPI's values are written on the dashboards: at most two decimals, as the language writes numbers. */
export const kpiValue = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

function FringesCaption({ chart }: { chart: SmartPerformanceChart }) {
  const { t } = useTranslation(['smartPerformance', 'analysis']);
  const fringes =
    chart.fringes.length === 0
      ? t('noFringes')
      : chart.fringes.length === 3
        ? t('fringes', { fringes: t('allDay') })
        : t('fringes', { fringes: chart.fringes.map((fringe) => t(`analysis:fringes.${fringe}`)).join(', ') });
  return (
    <p className="text-xs text-gray-500" data-testid="chart-fringes">
      {fringes} · {t(chart.inverse ? 'lowerIsBetter' : 'higherIsBetter')}
    </p>
  );
}

interface KpiChartCardProps {
  chart: SmartPerformanceChart;
  answer: SmartPerformanceAnswer;
  timeZone: string;
  /** Configuration changes within the window, drawn on the chart. */
  markers: ChangeMarker[];
  refreshing: boolean;
}

/** One KPI of the dashboards: its series over the window, their latest values, or why it could not be read. */
export function KpiChartCard({ chart, answer, timeZone, markers, refreshing }: KpiChartCardProps) {
  const { t } = useTranslation(['smartPerformance', 'analysis', 'charts']);
  const language = currentLanguage();
  const unit = unitOf(chart);
  const title = unit ? t('chartTitle', { kpi: kpiName(chart.kpi, language), unit }) : kpiName(chart.kpi, language);
  const valueSuffix = unit && !isScale(unit) ? ` ${unit}` : '';
  const drawn = useMemo(() => {
    if (chart.status !== 'ready') return undefined;
    const labels = graphicLabels(t, {
      single: kpiName(chart.kpi, language),
      granularity: answer.granularity,
      language,
      timeZone,
    });
    const response = { kind: 'metric' as const, metric: answer.metric, series: chart.series, warnings: [] };
    const latest = chart.series.flatMap((series) => {
      const last = series.buckets.at(-1);
      return last ? [{ name: seriesName(series, labels), value: last.value, at: labels.bucket(last.key) }] : [];
    });
    return { data: chartDataOf(response, labels), latest };
  }, [chart, answer.granularity, answer.metric, language, timeZone, t]);
  const format = (value: number) => kpiValue(value, language);

  return (
    <Card className="flex flex-col gap-2">
      <article data-testid={`smart-chart-${chart.kpi}`} aria-label={title} aria-busy={refreshing || undefined}>
        <h2 className="text-base font-semibold text-gray-800">{title}</h2>
        <FringesCaption chart={chart} />
        {chart.status === 'ready' && <NarrowedByNote narrowedBy={chart.narrowedBy} className="mt-1" />}
        {chart.status === 'failed' ? (
          <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-6 text-center text-sm text-rose-700">
            {errorMessage(chart.error.code, chart.error.params)}
          </p>
        ) : drawn && drawn.latest.length > 0 ? (
          <>
            <div className="mt-2">
              <GraphicChart
                title={title}
                type="line"
                data={drawn.data}
                {...(unit ? { unit } : {})}
                format={format}
                markers={markers}
                height={260}
              />
            </div>
            <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('latest')}</h3>
            <ul aria-label={t('latest')} className="mt-1 space-y-0.5 text-sm" data-testid="latest-values">
              {drawn.latest.map((item) => (
                <li key={item.name} className="flex justify-between gap-3">
                  <span className="truncate text-gray-700">{item.name}</span>
                  <span className="tabular-nums text-gray-900">
                    {`${format(item.value)}${valueSuffix} · ${item.at}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="chart-empty">
            {errorMessage('graphics.noData')}
          </p>
        )}
      </article>
    </Card>
  );
}
