import {
  type Dimension,
  type Granularity,
  granularities,
  type Metric,
  metrics,
} from '@nq/contracts/analytics/query-ir';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { BreakdownPickers } from '../../../shared/graphic-filters/BreakdownPickers.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { windowBounds } from './moving-average.ts';

export const chartTypes = ['line', 'area', 'bars'] as const;
export type ChartType = (typeof chartTypes)[number];

export interface EvolutionChoice {
  kpi: KpiId | '';
  metric: Metric;
  granularity: Granularity;
  breakdowns: Dimension[];
  chartType: ChartType;
  tsStart: string;
  tsEnd: string;
  /** The moving-average window as typed; empty draws none. */
  movingAverage: string;
  globalAverage: boolean;
}

export const initialChoice: EvolutionChoice = {
  kpi: '',
  metric: 'avg',
  granularity: 'day',
  breakdowns: [],
  chartType: 'line',
  tsStart: '',
  tsEnd: '',
  movingAverage: '',
  globalAverage: false,
};

/** The evolution pickers: each change asks again. */
export function EvolutionFilters({
  kpis,
  choice,
  onChange,
  endBeforeStart,
  windowProblem,
}: {
  kpis: readonly CatalogueKpi[];
  choice: EvolutionChoice;
  /** What changed; the page applies it to the latest choice (changes in quick succession all stay). */
  onChange: (changes: Partial<EvolutionChoice>) => void;
  endBeforeStart?: string | undefined;
  windowProblem?: string | undefined;
}) {
  const { t } = useTranslation(['evolution', 'analysis']);
  const set =
    <Key extends keyof EvolutionChoice>(key: Key) =>
    (value: EvolutionChoice[Key]) =>
      onChange({ [key]: value } as Partial<EvolutionChoice>);
  return (
    <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
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
      <BreakdownPickers breakdowns={choice.breakdowns} onChange={set('breakdowns')} />
      <SelectField
        label={t('evolution:chartType')}
        value={choice.chartType}
        onChange={(event) => set('chartType')(event.target.value as ChartType)}
        options={chartTypes.map((value) => ({ value, label: t(`evolution:chartTypes.${value}`) }))}
      />
      <DateRangeFields
        start={choice.tsStart}
        end={choice.tsEnd}
        onStart={set('tsStart')}
        onEnd={set('tsEnd')}
        endError={endBeforeStart}
      />
      <TextField
        label={t('evolution:movingAverage')}
        hint={t('evolution:movingAverageHint')}
        type="number"
        min={windowBounds.min}
        max={windowBounds.max}
        step={1}
        value={choice.movingAverage}
        onChange={(event) => set('movingAverage')(event.target.value)}
        error={windowProblem}
      />
      <div className="self-end pb-1.5">
        <CheckboxField
          label={t('evolution:globalAverage')}
          checked={choice.globalAverage}
          onChange={(event) => set('globalAverage')(event.target.checked)}
        />
      </div>
    </fieldset>
  );
}
