import type { GraphicType } from '@nq/contracts/analytics/query-ir';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { pointAxisNames } from '../../../shared/charts/graphic-labels.ts';
import { QueryProgress } from '../../../shared/charts/QueryProgress.tsx';
import { GraphicFilterPanel } from '../../../shared/graphic-filters/GraphicFilterPanel.tsx';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { graphicKeyOf, graphicQueryKey, useGraphic } from '../api/graphic.ts';
import { useProgramFields } from '../api/graphic-fields.ts';
import { dataKindOf, type Generator, typesOf } from '../model/generator-config.ts';
import { graphicRequestOf } from '../model/graphic-request.ts';
import { hasFilters, useGeneratorAddress } from '../model/use-generator-address.ts';
import { AxesFields } from './AxesFields.tsx';
import { DisplayFields } from './DisplayFields.tsx';
import { GeneratedGraphic } from './GeneratedGraphic.tsx';
import { GraphTypePicker } from './GraphTypePicker.tsx';
import { KeepFiltersDialog } from './KeepFiltersDialog.tsx';
import { MoreFiltersFields } from './MoreFiltersFields.tsx';
import { SaveToDashboardDialog } from './SaveToDashboardDialog.tsx';

/**
 * Basic and advanced graphic generators
 * (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator): one screen, the generator deciding
 * the graph types offered. It starts as the configuration (type, filters, axes, display); "Generate" shows the
 * graphic, whose filters can still be changed (a change aborts the request running); back to the configuration keeps
 * them. All of it lives in the address, the graphic's pin too when it reproduces an answer's numbers.
 */
export function GraphicGenerator({ generator }: { generator: Generator }) {
  const { t } = useTranslation(['graphicGenerator', 'analysis', 'layers']);
  const queryClient = useQueryClient();
  const kpis = useKpiCatalogue();
  const { group, filters, choice, pin, setPin, setFilters, setChoice, changeType } = useGeneratorAddress(generator);
  const [pendingType, setPendingType] = useState<GraphicType>();
  const [saving, setSaving] = useState(false);

  const kind = dataKindOf(choice.type);
  const catalogue = kpis.data ?? [];
  const fields = useProgramFields(filters.programs, catalogue, kind !== 'kpi');
  const kpi = kind === 'kpi' ? filters.kpi || catalogue[0]?.id || undefined : undefined;
  const { request, problems } = useMemo(
    () => graphicRequestOf(generator, filters, choice, group, kpi),
    [generator, filters, choice, group, kpi],
  );
  // An axis field still to fill in is not an error before the user has been to it: "required" waits until it is
  // touched (the Generate button stays disabled meanwhile, with its hint).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (field: string) => setTouched((before) => (before.has(field) ? before : new Set([...before, field])));
  const problemTexts = Object.fromEntries(
    problems
      .filter(
        (problem) =>
          problem.code !== 'validation.required' || !(problem.field in choice.axes) || touched.has(problem.field),
      )
      .map((problem) => [problem.field, errorMessage(problem.code, problem.params)]),
  );
  const showing = choice.view === 'graphic' && problems.length === 0;
  const graphic = useGraphic(showing ? request : undefined, pin);

  const label = (id: string | undefined) => catalogue.find((item) => item.id === id);
  const plotted = label(kind === 'kpi' ? kpi : kind === 'boxplot' ? choice.axes.value : choice.axes.y);
  // Without breakdowns a scatterplot's one series is every measurement sampled.
  const single = kind === 'scatterplot' ? t('graphicGenerator:allMeasurements') : (plotted?.label ?? '');
  const counts = kind === 'kpi' && (filters.metric === 'count' || filters.metric === 'uniqueCount');
  const title =
    kind === 'scatterplot'
      ? t('graphicGenerator:titles.scatterplot', {
          x: label(choice.axes.x)?.label ?? '',
          y: label(choice.axes.y)?.label ?? '',
        })
      : t(`graphicGenerator:titles.${kind}`, { field: single, metric: t(`analysis:metrics.${filters.metric}`) });

  const chooseType = (type: GraphicType) => {
    if (type === choice.type) return;
    if (hasFilters(filters, choice)) setPendingType(type);
    else applyType(type, 'keep');
  };
  const applyType = (type: GraphicType, keep: 'keep' | 'clear') => {
    setPendingType(undefined);
    // The graphic drawn for other data is of no use to the new type: it is dropped, not shown again on "Generate".
    if (dataKindOf(type) !== kind) queryClient.removeQueries({ queryKey: graphicQueryKey });
    changeType(type, keep);
  };

  const filterPanel = (
    <>
      <GraphicFilterPanel
        kpis={catalogue}
        filters={{ ...filters, kpi: kpi ?? '' }}
        onChange={setFilters}
        options={kind === 'kpi' ? ['globalAverage', 'median', 'outliers'] : ['outliers']}
        kpiField={kind === 'kpi'}
        datesError={problemTexts.tsEnd}
      />
      <div className="mt-3">
        <MoreFiltersFields
          more={choice.more}
          kpis={catalogue}
          kpiChart={kind === 'kpi'}
          problems={problemTexts}
          onChange={(changes) => setChoice(({ more }) => ({ more: { ...more, ...changes } }))}
        />
      </div>
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t(`layers:${generator}_graphic_generator`)} />
      {choice.view === 'configuration' ? (
        <>
          <Card>
            <GraphTypePicker types={typesOf(generator)} value={choice.type} onChange={chooseType} />
          </Card>
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{t('graphicGenerator:filters')}</h2>
            {filterPanel}
          </Card>
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{t('graphicGenerator:axes.title')}</h2>
            <AxesFields
              type={choice.type}
              axes={choice.axes}
              fields={fields}
              problems={problemTexts}
              onTouch={touch}
              onChange={(changes) => setChoice(({ axes }) => ({ axes: { ...axes, ...changes } }))}
            />
            {kind === 'kpi' && choice.type !== 'table' && (
              <p className="text-sm text-gray-600">{t('graphicGenerator:axes.kpiChart')}</p>
            )}
            {kind === 'scatterplot' && (
              <p className="mt-2 text-sm text-gray-600">{t('graphicGenerator:axes.scatterplotGroups')}</p>
            )}
          </Card>
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{t('graphicGenerator:display.title')}</h2>
            <DisplayFields
              display={choice.display}
              problems={problemTexts}
              onChange={(changes) => setChoice(({ display }) => ({ display: { ...display, ...changes } }))}
            />
          </Card>
          <div className="flex items-center justify-end gap-3">
            {problems.length > 0 && (
              <p className="text-sm text-gray-600" role="note">
                {t('graphicGenerator:incomplete')}
              </p>
            )}
            <Button disabled={problems.length > 0} onClick={() => setChoice(() => ({ view: 'graphic' }))}>
              {t('graphicGenerator:generate')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="secondary" onClick={() => setChoice(() => ({ view: 'configuration' }))}>
              {t('graphicGenerator:backToConfiguration')}
            </Button>
            <Button disabled={!graphic.data} onClick={() => setSaving(true)}>
              {t('graphicGenerator:save.open')}
            </Button>
          </div>
          <Card>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-gray-700">
                {t('graphicGenerator:filters')}
              </summary>
              <div className="mt-3">{filterPanel}</div>
            </details>
          </Card>
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{title}</h2>
            {problems.length > 0 ? (
              <p className="text-sm text-gray-600" role="note">
                {t('graphicGenerator:incomplete')}
              </p>
            ) : (
              <>
                {/* A long query (years of a national panel read raw) shows its progress and can be cancelled. */}
                <QueryProgress queryKey={graphicKeyOf(request)} request={request} pin={pin} />
                <GeneratedGraphic
                  request={request}
                  query={graphic}
                  title={title}
                  single={single}
                  unit={kind === 'scatterplot' || counts ? undefined : plotted?.unit}
                  axisNames={pointAxisNames(request, [...fields, ...catalogue])}
                  pinned={pin !== undefined}
                  onPin={setPin}
                />
              </>
            )}
          </Card>
          {saving && (
            <SaveToDashboardDialog open request={request} defaultTitle={title} onClose={() => setSaving(false)} />
          )}
        </>
      )}
      <KeepFiltersDialog
        open={pendingType !== undefined}
        onKeep={() => pendingType && applyType(pendingType, 'keep')}
        onClear={() => pendingType && applyType(pendingType, 'clear')}
        onCancel={() => setPendingType(undefined)}
      />
    </div>
  );
}

export function BasicGraphicGeneratorPage() {
  return <GraphicGenerator generator="basic" />;
}

export function AdvancedGraphicGeneratorPage() {
  return <GraphicGenerator generator="advanced" />;
}
