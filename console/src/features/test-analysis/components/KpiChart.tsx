import type { KpiId } from '@nq/contracts/measurements/kpis';
import type { TestAnalysisKpi } from '@nq/contracts/measurements/test-analysis';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/api/profile.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { chartDataOf, isEmptyGraphic } from '../../../shared/charts/graphic-data.ts';
import { graphicLabels } from '../../../shared/charts/graphic-labels.ts';
import { changeMarkersPeriod, useChangeMarkers } from '../../../shared/charts/useChangeMarkers.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { kpiText } from '../../../shared/i18n/value-texts.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { granularityOf, type TestAnalysisView, windowOf } from '../api/analysis-params.ts';
import { useKpiSeries } from '../api/test-analysis.ts';

/** The chosen KPI's average over the window (hourly up to a week, else daily), drawn by the shared chart layer. */
export function KpiChart({
  probeId,
  program,
  view,
  kpis,
  onKpi,
}: {
  probeId: string;
  program: string;
  view: TestAnalysisView;
  /** The KPIs the program's results carry. */
  kpis: readonly TestAnalysisKpi[];
  onKpi: (kpi: KpiId) => void;
}) {
  const { t } = useTranslation(['testAnalysis', 'analysis', 'charts']);
  const timeZone = useProfile()?.timeZone ?? 'Etc/UTC';
  const programName = useProgramName();
  const kpi = kpis.find((item) => item.id === view.kpi) ?? kpis[0];
  const granularity = granularityOf(view);
  const series = useKpiSeries(
    probeId,
    program,
    kpi ? { ...windowOf(view), kpi: kpi.id as KpiId, granularity } : undefined,
  );
  const language = currentLanguage();
  const data =
    kpi && series.data && !isEmptyGraphic(series.data)
      ? chartDataOf(
          series.data,
          graphicLabels(t, { single: kpiText(kpi.id, language), granularity, language, timeZone }),
        )
      : undefined;
  // Configuration changes of the probe (moved, retagged…) over the chart's period, drawn as markers.
  const period = changeMarkersPeriod(data, { tsStart: view.from, tsEnd: view.to });
  const markers = useChangeMarkers(period ? { probes: [probeId], ...period } : undefined);
  if (!kpi) return <p className="text-sm text-gray-500">{t('noKpis')}</p>;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const title = t('chartTitle', { kpi: kpiText(kpi.id, language), program: programName(program) });
  return (
    <div className="flex flex-col gap-3">
      <div className="w-64">
        <SelectField
          label={t('kpi')}
          value={kpi.id}
          onChange={(event) => onKpi(event.target.value as KpiId)}
          options={kpis.map((item) => ({ value: item.id, label: `${kpiText(item.id, language)} (${item.unit})` }))}
        />
      </div>
      {series.isError && <ErrorNotice code="testAnalysis.resultsFetchFailed" />}
      {series.isPending && <Spinner label={t('common:loading')} />}
      {series.data && !data && <p className="text-sm text-gray-500">{t('noChartData')}</p>}
      {data && (
        <GraphicChart
          title={title}
          type="line"
          unit={kpi.unit}
          format={(value) => number.format(value)}
          data={data}
          markers={markers}
        />
      )}
    </div>
  );
}
