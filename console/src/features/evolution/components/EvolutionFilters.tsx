import {
  type Dimension,
  dimensions,
  type Granularity,
  granularities,
  type Metric,
  metrics,
} from '@nq/contracts/analytics/query-ir';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';

export const chartTypes = ['line', 'area', 'bars'] as const;
export type ChartType = (typeof chartTypes)[number];

export interface EvolutionChoice {
  kpi: KpiId | '';
  metric: Metric;
  granularity: Granularity;
  breakdown: Dimension | '';
  chartType: ChartType;
  tsStart: string;
  tsEnd: string;
}

export const initialChoice: EvolutionChoice = {
  kpi: '',
  metric: 'avg',
  granularity: 'day',
  breakdown: '',
  chartType: 'line',
  tsStart: '',
  tsEnd: '',
};

/** The evolution pickers: each change asks again. */
export function EvolutionFilters({
  kpis,
  choice,
  onChange,
  endBeforeStart,
}: {
  kpis: readonly CatalogueKpi[];
  choice: EvolutionChoice;
  onChange: (choice: EvolutionChoice) => void;
  endBeforeStart?: string | undefined;
}) {
  const { t } = useTranslation(['evolution', 'analysis']);
  const set =
    <Key extends keyof EvolutionChoice>(key: Key) =>
    (value: EvolutionChoice[Key]) =>
      onChange({ ...choice, [key]: value });
  return (
    <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
      <legend className="sr-only">{t('evolution:filters')}</legend>
      <SelectField
        label={t('analysis:kpi')}
        value={choice.kpi}
        onChange={(event) => set('kpi')(event.target.value as KpiId)}
        options={kpis.map((kpi) => ({ value: kpi.id, label: `${kpi.label} (${kpi.unit})` }))}
      />
      <SelectField
        label={t('analysis:metric')}
        value={choice.metric}
        onChange={(event) => set('metric')(event.target.value as Metric)}
        options={metrics.map((value) => ({ value, label: t(`analysis:metrics.${value}`) }))}
      />
      <SelectField
        label={t('analysis:granularity')}
        value={choice.granularity}
        onChange={(event) => set('granularity')(event.target.value as Granularity)}
        options={granularities.map((value) => ({ value, label: t(`analysis:granularities.${value}`) }))}
      />
      <SelectField
        label={t('analysis:breakdown')}
        value={choice.breakdown}
        onChange={(event) => set('breakdown')(event.target.value as Dimension | '')}
        placeholder={t('analysis:noBreakdown')}
        options={dimensions.map((value) => ({ value, label: t(`analysis:breakdowns.${value}`) }))}
      />
      <SelectField
        label={t('evolution:chartType')}
        value={choice.chartType}
        onChange={(event) => set('chartType')(event.target.value as ChartType)}
        options={chartTypes.map((value) => ({ value, label: t(`evolution:chartTypes.${value}`) }))}
      />
      <TextField
        label={t('analysis:from')}
        type="date"
        value={choice.tsStart}
        onChange={(event) => set('tsStart')(event.target.value)}
      />
      <TextField
        label={t('analysis:to')}
        type="date"
        value={choice.tsEnd}
        onChange={(event) => set('tsEnd')(event.target.value)}
        error={endBeforeStart}
      />
    </fieldset>
  );
}
