import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import type { ChangeMarker } from '../../../shared/charts/chart-model.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { chartDataOf } from '../../../shared/charts/graphic-data.ts';
import { graphicLabels } from '../../../shared/charts/graphic-labels.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { useChangeMarkers } from '../../../shared/charts/useChangeMarkers.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { pathWith } from '../../../shared/routing/address-params.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { type DrilldownAnswer, useScorecardCalculation, useScorecardDrilldowns } from '../api/scorecards-api.ts';
import { useEntityNames } from '../model/entity-names.ts';
import { kpiInfo } from '../model/kpis.ts';
import { selectionOf } from '../model/url-selection.ts';
import { numberText } from '../model/windows.ts';
import { Provenance } from './Provenance.tsx';
import { ScorecardReportButton } from './ScorecardReportButton.tsx';
import { scoredKpisOf } from './ScoreMatrix.tsx';

/** One KPI's daily average per compared entity, from one drilldown answer per entity, as one time chart. */
function KpiChart({
  kpi,
  answers,
  timeZone,
  nameOf,
  markers,
}: {
  kpi: string;
  answers: (DrilldownAnswer | undefined)[];
  timeZone: string;
  nameOf: (id: string) => string;
  markers: ChangeMarker[];
}) {
  const { t, i18n } = useTranslation(['scorecards', 'analysis', 'charts']);
  const info = kpiInfo(kpi);
  const merged: GraphicResponse = {
    kind: 'metric',
    metric: 'avg',
    warnings: [],
    series: answers.flatMap((answer) => answer?.series ?? []),
  };
  const labels = graphicLabels(t, { single: info.label, granularity: 'day', language: i18n.language, timeZone });
  const data = chartDataOf(merged, {
    ...labels,
    value: (dimension, value) =>
      dimension === 'provider' || dimension === 'isp' ? nameOf(String(value)) : labels.value(dimension, value),
  });
  const title = t('drilldownOf', { kpi: info.label });
  return (
    <Card>
      <h2 className="mb-2 text-base font-semibold text-gray-800">{title}</h2>
      {data.series.length === 0 ? (
        <p role="status" className="py-8 text-center text-sm text-gray-500" data-testid="drilldown-empty">
          {errorMessage('graphics.noData')}
        </p>
      ) : (
        <div data-testid="drilldown-chart" data-kpi={kpi}>
          <GraphicChart
            title={title}
            type="line"
            data={data}
            unit={info.unit}
            markers={markers}
            format={(value) => `${numberText(value)} ${info.unit}`.trim()}
          />
        </div>
      )}
    </Card>
  );
}

/**
 * /scorecard_live/{id}/drilldown: each KPI of the scorecard (or the one in the address) over time, one line
 * per compared provider or ISP, over the live screen's window and configuration version.
 */
export default function ScorecardDrilldownPage() {
  const { t } = useTranslation('scorecards');
  const { id = '' } = useParams();
  const { params, set } = useAddressState();
  const selection = selectionOf(params);
  const chosenKpi = params.get('kpi') ?? '';
  const calculation = useScorecardCalculation(id, selection, false);
  const answer = calculation.data;
  const nameOf = useEntityNames(answer);
  const kpis = answer ? scoredKpisOf(answer).map(({ kpi }) => kpi) : [];
  const shownKpis = chosenKpi ? kpis.filter((kpi) => kpi === chosenKpi) : kpis;
  const entities = answer?.live.entities.map((entity) => entity.entity) ?? [];
  // The exact window the calculation used, so every chart covers the same instants as the scores.
  const window = answer ? { from: answer.live.window.from, to: answer.live.window.to } : {};
  const asks = shownKpis.flatMap((kpi) =>
    entities.map((entity) => ({ kpi, entity, ...window, asOf: answer?.configuration.position })),
  );
  const drilldowns = useScorecardDrilldowns(id, asks);
  // The scorecard's redefinitions within the window, marked on every chart.
  const markers = useChangeMarkers(
    answer ? { scorecardId: id, tsStart: answer.live.window.from, tsEnd: answer.live.window.to } : undefined,
  );
  const failed = calculation.error ?? drilldowns.find((query) => query.error)?.error;
  const failure = failed ? specificCodeOr('scorecards.calculateFailed')(failed) : undefined;
  const timeZone = answer?.live.window.timeZone ?? 'Etc/UTC';

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={answer ? t('drilldownTitle', { name: answer.scorecard.name }) : t('liveTitle')}
        actions={
          <>
            <Link
              to={pathWith(`/scorecard_live/${encodeURIComponent(id)}`, selection)}
              className="self-center text-sm text-blue-700 underline"
            >
              {t('backToScores')}
            </Link>
            <ScorecardReportButton scorecardId={id} selection={selection} disabled={!answer} />
          </>
        }
      />
      <Card className="flex flex-col gap-3">
        <div className="w-64">
          <SelectField
            label={t('kpi')}
            value={chosenKpi}
            onChange={(event) => set({ kpi: event.target.value }, { history: 'push' })}
            placeholder={t('allKpis')}
            options={kpis.map((kpi) => ({ value: kpi, label: kpiInfo(kpi).label }))}
          />
        </div>
        {answer && (
          <Provenance
            window={answer.live.window}
            configuration={answer.configuration}
            pinned={Boolean(selection.asOf)}
          />
        )}
        <NarrowedByNote narrowedBy={answer?.narrowedBy} />
      </Card>
      {failure && <ErrorNotice code={failure} onRetry={() => void calculation.refetch()} retryLabel={t('retry')} />}
      {(calculation.isPending || drilldowns.some((query) => query.isPending)) && !failure && (
        <Spinner label={t('common:loading')} />
      )}
      {answer && !failure && entities.length === 0 && (
        <p role="status" className="text-sm text-gray-600">
          {errorMessage('scorecards.noData')}
        </p>
      )}
      {answer &&
        !failure &&
        entities.length > 0 &&
        drilldowns.every((query) => query.data) &&
        shownKpis.map((kpi) => (
          <KpiChart
            key={kpi}
            kpi={kpi}
            timeZone={timeZone}
            nameOf={nameOf}
            markers={markers}
            answers={drilldowns.filter((_, index) => asks[index]?.kpi === kpi).map((query) => query.data)}
          />
        ))}
    </div>
  );
}
