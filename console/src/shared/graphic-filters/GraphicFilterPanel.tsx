import {
  type Dimension,
  type FilterMode,
  filterModes,
  type Granularity,
  granularities,
  type Metric,
  metrics,
} from '@nq/contracts/analytics/query-ir';
import type { TechnologyCode } from '@nq/contracts/configuration/common';
import { fringeCodes } from '@nq/contracts/identity/profile';
import type { ProfileService } from '@nq/contracts/identity/profile-technologies';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import type { MeasurementSource } from '@nq/contracts/measurements/measurement';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../api/kpi-catalogue.ts';
import { useTechnologyOptions } from '../api/profile-technologies.ts';
import { useIspOptions } from '../entity-screen/isp-options.ts';
import { SelectionGroupField } from '../entity-screen/SelectionGroupField.tsx';
import { sourceOptions } from '../i18n/value-texts.ts';
import { DateRangeFields } from '../ui/DateRangeFields.tsx';
import { CheckboxField, type Option, SelectField } from '../ui/fields.tsx';
import { BreakdownPickers } from './BreakdownPickers.tsx';
import type { GraphicFilters } from './graphic-filters.ts';
import { useProgramOptions } from './program-options.ts';

/** The options a screen's API takes beside the selection (by destination takes no averages). */
export type GraphicOption = 'globalAverage' | 'median' | 'outliers';

const picked = (select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.value);

/** A list of values to keep or leave out: a multiple select and whether it includes or excludes them. */
export function ListFilter<Value extends string | number>({
  label,
  modeLabel,
  hint,
  options,
  values,
  mode,
  onChange,
}: {
  label: string;
  modeLabel: string;
  hint: string;
  options: readonly Option[];
  values: readonly Value[];
  mode: FilterMode;
  onChange: (values: string[], mode: FilterMode) => void;
}) {
  const { t } = useTranslation('graphicFilters');
  return (
    <>
      <SelectField
        label={label}
        hint={hint}
        multiple
        size={Math.min(4, Math.max(2, options.length))}
        options={options}
        value={values.map(String)}
        onChange={(event) => onChange(picked(event.target), mode)}
      />
      <SelectField
        label={modeLabel}
        value={mode}
        onChange={(event) => onChange(values.map(String), event.target.value as FilterMode)}
        options={filterModes.map((value) => ({ value, label: t(`filterModes.${value}`) }))}
      />
    </>
  );
}

/**
 * The graphic filter set (docs/product/entities.md#graphic-filter-set) as an analysis screen's pickers: KPI, metric,
 * granularity, dates, technologies, ISPs, the profile's universe, campaign or cluster, fringes, sources, programs,
 * breakdowns and options. Each change is handed up at once; the screen keeps the filters in its address. `children`: the screen's
 * own fields, after the KPI's. `pickers: 'selection'` keeps only what selects measurements (dates, group,
 * technologies, ISPs, fringes, sources), for a screen that asks for measurements rather than a graphic (the CSV extractor); its
 * own fields then come last.
 */
export function GraphicFilterPanel({
  kpis,
  filters,
  onChange,
  options,
  taken = [],
  programsRequired = false,
  datesError,
  pickers = 'analysis',
  kpiField = true,
  service,
  children,
}: {
  kpis: readonly CatalogueKpi[];
  filters: GraphicFilters;
  /** Only what changed: changes made in quick succession each apply to the address as it then is. */
  onChange: (changes: Partial<GraphicFilters>) => void;
  options: readonly GraphicOption[];
  /** Dimensions the screen breaks down by first. */
  taken?: readonly Dimension[];
  programsRequired?: boolean;
  datesError?: string | undefined;
  pickers?: 'analysis' | 'selection';
  /** False for a graphic plotting fields rather than a KPI (boxplot, scatterplot): its screen picks them itself. */
  kpiField?: boolean;
  /** The service the measurements are of, when the screen asks for one (its technologies only are offered). */
  service?: ProfileService | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['graphicFilters', 'analysis']);
  const ispOptions = useIspOptions();
  const programOptions = useProgramOptions();
  const technologyOptions = useTechnologyOptions(service);
  const set = onChange;
  const analysis = pickers === 'analysis';
  return (
    <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      <legend className="sr-only">{t('graphicFilters:filters')}</legend>
      {analysis && (
        <>
          {kpiField && (
            <SelectField
              label={t('analysis:kpi')}
              value={filters.kpi}
              onChange={(event) => set({ kpi: event.target.value as KpiId })}
              options={kpis.map((kpi) => ({ value: kpi.id, label: `${kpi.label} (${kpi.unit})` }))}
            />
          )}
          <SelectField
            label={t('analysis:metric')}
            value={filters.metric}
            onChange={(event) => set({ metric: event.target.value as Metric })}
            options={metrics.map((value) => ({ value, label: t(`analysis:metrics.${value}`) }))}
          />
          {children}
          <SelectField
            label={t('analysis:granularity')}
            value={filters.granularity}
            onChange={(event) => set({ granularity: event.target.value as Granularity })}
            options={granularities.map((value) => ({ value, label: t(`analysis:granularities.${value}`) }))}
          />
        </>
      )}
      <DateRangeFields
        start={filters.tsStart}
        end={filters.tsEnd}
        onStart={(tsStart) => set({ tsStart })}
        onEnd={(tsEnd) => set({ tsEnd })}
        endError={datesError}
      />
      <SelectionGroupField value={filters.selection} onChange={(selection) => set({ selection })} />
      {analysis && (
        <SelectField
          label={t('graphicFilters:programs')}
          hint={t(programsRequired ? 'graphicFilters:programsHint' : 'graphicFilters:listHint')}
          multiple
          required={programsRequired}
          size={Math.min(4, Math.max(2, programOptions.length))}
          options={programOptions}
          value={filters.programs}
          onChange={(event) => set({ programs: picked(event.target) })}
        />
      )}
      <ListFilter
        label={t('graphicFilters:technologies')}
        modeLabel={t('graphicFilters:technologiesMode')}
        hint={t('graphicFilters:listHint')}
        options={technologyOptions}
        values={filters.technologies}
        mode={filters.technologiesCond}
        onChange={(values, technologiesCond) =>
          set({ technologies: values.map(Number) as TechnologyCode[], technologiesCond })
        }
      />
      <ListFilter
        label={t('graphicFilters:isps')}
        modeLabel={t('graphicFilters:ispsMode')}
        hint={t('graphicFilters:listHint')}
        options={ispOptions}
        values={filters.isps}
        mode={filters.ispsCond}
        onChange={(isps, ispsCond) => set({ isps, ispsCond })}
      />
      <ListFilter
        label={t('graphicFilters:fringes')}
        modeLabel={t('graphicFilters:fringesMode')}
        hint={t('graphicFilters:listHint')}
        options={fringeCodes.map((code) => ({ value: String(code), label: t(`analysis:fringes.${code}`) }))}
        values={filters.fringes}
        mode={filters.fringesCond}
        onChange={(values, fringesCond) =>
          set({ fringes: values.map(Number) as GraphicFilters['fringes'], fringesCond })
        }
      />
      <ListFilter
        label={t('graphicFilters:sources')}
        modeLabel={t('graphicFilters:sourcesMode')}
        hint={t('graphicFilters:listHint')}
        options={sourceOptions(t)}
        values={filters.sources}
        mode={filters.sourcesCond}
        onChange={(values, sourcesCond) => set({ sources: values as MeasurementSource[], sourcesCond })}
      />
      {analysis && (
        <BreakdownPickers
          breakdowns={filters.breakdowns}
          onChange={(breakdowns) => set({ breakdowns })}
          taken={taken}
        />
      )}
      {options.length > 0 && (
        <fieldset className="col-span-2 flex flex-wrap items-end gap-x-4 gap-y-1 pb-1.5">
          <legend className="mb-1 text-sm font-medium text-gray-700">{t('graphicFilters:options')}</legend>
          {options.map((option) => (
            <CheckboxField
              key={option}
              label={t(`graphicFilters:${option}`)}
              checked={filters[option]}
              onChange={(event) => set({ [option]: event.target.checked })}
            />
          ))}
        </fieldset>
      )}
      {!analysis && children}
    </fieldset>
  );
}
