import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { graphicLabels } from '../../../shared/charts/graphic-labels.ts';
import type { GraphicPin } from '../../../shared/charts/graphic-query.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { QueryProgress, type QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';
import { ReproductionLine } from '../../../shared/charts/ReproductionLine.tsx';
import type { GraphicFilters } from '../../../shared/graphic-filters/graphic-filters.ts';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, Spinner } from '../../../shared/ui/screens.tsx';
import type { ComparisonAnswer } from '../api/comparison.ts';
import { comparisonChartOf, comparisonRows } from './comparison-chart.ts';
import { type ComparisonChartType, comparisonChartTypes } from './comparison-filters.ts';

/**
 * A comparison's chart (through the shared chart layer, bars by default) and its data table with the same numbers;
 * the catalogue error in place when the API refuses the question, "No data for selected values" when nothing matches.
 * Under them, what reproduces the numbers: Reproduce pins them, Latest (pinned, even without an answer) unpins. A long
 * query shows its progress in their place, with Cancel.
 */
export function ComparisonResult({
  query,
  progress,
  asked,
  unasked,
  filters,
  kpi,
  axisTitle,
  chartType,
  onChartType,
  ordered,
  pinned,
  onPin,
}: {
  query: { data?: ComparisonAnswer | undefined; error: unknown; isPending: boolean; isFetching: boolean };
  /** What a long query's progress follows (its key, body and coverage route). */
  progress: QueryProgressProps;
  /** Whether a question was put (a KPI chosen, valid dates…). */
  asked: boolean;
  /** What the question still lacks, said in place of the chart while it is not put. */
  unasked: string;
  filters: GraphicFilters;
  kpi: CatalogueKpi | undefined;
  /** What the series compare (ISP, provider, destination). */
  axisTitle: string;
  chartType: ComparisonChartType;
  onChartType: (type: ComparisonChartType) => void;
  /** Whether the API orders the series (best first): the table ranks them. */
  ordered: boolean;
  /** Whether the numbers shown are an answer's pinned ones. */
  pinned: boolean;
  onPin: (pin: GraphicPin | undefined) => void;
}) {
  const { t, i18n } = useTranslation(['comparisonScreens', 'analysis']);
  const timeZone = useProfile()?.timeZone ?? 'Etc/UTC';
  const answer = query.data;
  const kpiName = kpi?.label ?? filters.kpi;
  const labels = useMemo(
    () => graphicLabels(t, { single: kpiName, granularity: filters.granularity, language: i18n.language, timeZone }),
    [t, kpiName, filters.granularity, i18n.language, timeZone],
  );
  const chart = useMemo(() => answer && comparisonChartOf(answer, labels, axisTitle), [answer, labels, axisTitle]);
  const rows = useMemo(() => (answer ? comparisonRows(answer, labels, ordered) : []), [answer, labels, ordered]);

  const counted = filters.metric === 'count' || filters.metric === 'uniqueCount';
  const unit = kpi?.unit && !counted ? kpi.unit : undefined;
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 });
  const format = (value: number) => number.format(value);
  const withUnit = (value: number) => `${format(value)}${unit ? ` ${unit}` : ''}`;
  const title = t('comparisonScreens:chartTitle', { kpi: kpiName, metric: t(`analysis:metrics.${filters.metric}`) });
  const ranked = rows.some((row) => row.rank !== undefined);
  const overTime = rows.some((row) => row.bucket !== undefined);

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-800">{kpi ? title : ''}</h2>
        <div className="w-40">
          <SelectField
            label={t('comparisonScreens:chartType')}
            value={chartType}
            onChange={(event) => onChartType(event.target.value as ComparisonChartType)}
            options={comparisonChartTypes.map((value) => ({
              value,
              label: t(`comparisonScreens:chartTypes.${value}`),
            }))}
          />
        </div>
      </div>
      {!asked && (
        <p className="py-6 text-sm text-gray-600" role="note">
          {unasked}
        </p>
      )}
      {asked && <QueryProgress {...progress} />}
      {/* Pending but no longer asked: cancelled (the progress says so and asks again). */}
      {asked && query.isPending && query.isFetching && <Spinner label={t('common:loading')} />}
      {asked && query.error !== null && !answer && (
        <>
          <ErrorNotice code={isApiError(query.error) ? query.error.code : 'graphics.generateFailed'} />
          <ReproductionLine pinned={pinned} onPin={onPin} />
        </>
      )}
      {asked && answer && <NarrowedByNote narrowedBy={answer.narrowedBy} className="mb-2" />}
      {asked && answer && chart && rows.length === 0 && (
        <>
          <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="comparison-empty">
            {errorMessage('graphics.noData')}
          </p>
          <ReproductionLine reproduce={answer.reproduce} pinned={pinned} onPin={onPin} />
        </>
      )}
      {asked && answer && chart && rows.length > 0 && (
        <div data-testid="comparison-chart" aria-busy={query.isFetching || undefined} className="space-y-4">
          <GraphicChart
            title={title}
            type={chartType}
            data={chart}
            unit={unit}
            format={format}
            reproduction={answer.reproduce && { reproduce: answer.reproduce, pinned, onPin }}
          />
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="comparison-table">
              <caption className="mb-1 text-left text-sm font-medium text-gray-700">
                {t('comparisonScreens:summary')}
              </caption>
              <thead className="bg-gray-50">
                <tr>
                  {ranked && <Header>{t('comparisonScreens:rank')}</Header>}
                  <Header>{axisTitle}</Header>
                  {overTime && <Header>{t(`analysis:granularities.${filters.granularity}`)}</Header>}
                  <Header end>{title}</Header>
                  <Header end>{t('comparisonScreens:values')}</Header>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.map((row) => (
                  <tr key={row.key}>
                    {ranked && <td className="px-3 py-1.5 tabular-nums">{row.rank}</td>}
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {row.name}
                    </th>
                    {overTime && <td className="px-3 py-1.5">{row.bucket}</td>}
                    <td className="px-3 py-1.5 text-right tabular-nums">{withUnit(row.value)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{format(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Card>
  );
}

function Header({ children, end = false }: { children: string; end?: boolean }) {
  return (
    <th scope="col" className={`px-3 py-2 font-semibold text-gray-600 ${end ? 'text-right' : 'text-left'}`}>
      {children}
    </th>
  );
}
