import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { chartDataOf, isEmptyGraphic } from '../../../shared/charts/graphic-data.ts';
import { graphicLabels } from '../../../shared/charts/graphic-labels.ts';
import { addressPin, paramsWithPin, pinFromParams } from '../../../shared/charts/graphic-query.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { QueryProgress } from '../../../shared/charts/QueryProgress.tsx';
import { ReproductionLine } from '../../../shared/charts/ReproductionLine.tsx';
import { changeMarkersPeriod, useChangeMarkers } from '../../../shared/charts/useChangeMarkers.ts';
import { currentLanguage, errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type EvolutionRequest, useEvolution } from '../api/evolution.ts';
import { type EvolutionChoice, EvolutionFilters } from './EvolutionFilters.tsx';
import { choiceFromQuery, queryOfChoice } from './evolution-query.ts';
import { readWindow, windowBounds } from './moving-average.ts';

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

/**
 * /evolution: a KPI's metric over time (by the chosen granularity), optionally per breakdown. Its choice lives in the
 * address, and so does the chart's pin when it reproduces an answer's numbers (a shared link answers the same).
 */
export default function EvolutionPage() {
  const { t, i18n } = useTranslation(['evolution', 'analysis']);
  const profile = useProfile();
  const kpis = useKpiCatalogue();
  const address = useAddressState();
  const { params, update } = address;
  const { pin, setPin } = addressPin(address);
  const choice = useMemo(() => choiceFromQuery(params), [params]);
  // A change of choice keeps the pin, as the other graphic screens do: Latest unpins.
  const setChoice = (changes: Partial<EvolutionChoice>) =>
    update((current) =>
      paramsWithPin(queryOfChoice({ ...choiceFromQuery(current), ...changes }), pinFromParams(current)),
    );
  const fallbackKpi = kpis.data?.[0]?.id;
  const request = useMemo(() => requestOf(choice, fallbackKpi), [choice, fallbackKpi]);
  const { query: evolution, progress } = useEvolution(request, pin);
  const kpi = kpis.data?.find((item) => item.id === request?.kpi);
  const answer = evolution.data;
  const endBeforeStart =
    choice.tsStart && choice.tsEnd && choice.tsEnd < choice.tsStart
      ? errorMessage('validation.endBeforeStart')
      : undefined;
  const windowCode = readWindow(choice.movingAverage).problem;
  const windowProblem = windowCode && errorMessage(windowCode, windowBounds);

  // Warnings (destinations without targets, access narrowed since the pinned numbers…) are toasted once per question
  // (a pin included), not at every refresh; the empty answer's is shown in place of the chart.
  const warned = useRef<string>();
  useEffect(() => {
    const asked = JSON.stringify([request, pin]);
    if (!answer || evolution.isPlaceholderData || warned.current === asked) return;
    warned.current = asked;
    for (const warning of answer.warnings) if (warning.code !== 'graphics.noData') toast.warning(warning.code);
  }, [answer, evolution.isPlaceholderData, request, pin]);

  const timeZone = profile?.timeZone ?? 'Etc/UTC';
  const data = useMemo(() => {
    if (!answer || !request) return undefined;
    return chartDataOf(
      answer,
      graphicLabels(t, {
        single: kpi?.label ?? request.kpi,
        granularity: request.granularity,
        language: i18n.language,
        timeZone,
        ...(request.movingAverage ? { movingAverageWindow: request.movingAverage } : {}),
      }),
    );
  }, [answer, request, kpi?.label, i18n.language, timeZone, t]);

  const markers = useChangeMarkers(useMemo(() => changeMarkersPeriod(data, choice), [data, choice]));

  const unit = kpi?.unit && request?.metric !== 'count' && request?.metric !== 'uniqueCount' ? kpi.unit : undefined;
  const title = kpi
    ? t('evolution:chartTitle', { kpi: kpi.label, metric: t(`analysis:metrics.${request?.metric ?? 'avg'}`) })
    : '';
  const number = (value: number) =>
    new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(value);
  const pinned = pin !== undefined;
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
        <h2 className="mb-3 text-base font-semibold text-gray-800">{title}</h2>
        {/* A long query (years read raw) shows its progress and can be cancelled. */}
        {request && <QueryProgress {...progress} />}
        {/* Pending but no longer asked: cancelled (the progress says so and asks again). */}
        {evolution.isPending && evolution.isFetching && request && <Spinner label={t('common:loading')} />}
        {/* Pinned, a failure still offers the latest numbers. */}
        {!answer && evolution.isError && <ReproductionLine pinned={pinned} onPin={setPin} />}
        {answer && <NarrowedByNote narrowedBy={answer.narrowedBy} className="mb-2" />}
        {answer &&
          data &&
          (isEmptyGraphic(answer) ? (
            <>
              <p role="status" className="py-12 text-center text-sm text-gray-500" data-testid="evolution-empty">
                {errorMessage('graphics.noData')}
              </p>
              <ReproductionLine reproduce={answer.reproduce} pinned={pinned} onPin={setPin} />
            </>
          ) : (
            <div data-testid="evolution-chart" aria-busy={evolution.isFetching || undefined}>
              <GraphicChart
                title={title}
                type={choice.chartType}
                data={data}
                unit={unit}
                format={number}
                markers={markers}
                reproduction={answer.reproduce && { reproduce: answer.reproduce, pinned, onPin: setPin }}
              />
            </div>
          ))}
      </Card>
    </div>
  );
}
