import { sortOrders } from '@nq/contracts/analytics/query-ir';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import type { MoreFilters } from '../model/generator-config.ts';
import { ConditionsField } from './ConditionsField.tsx';

/**
 * The filter set's fields the shared panel lacks: the local hour window, the devices connected to the probe's network,
 * conditions on KPI values and, for KPI charts, the moving average and the series' order.
 */
export function MoreFiltersFields({
  more,
  kpis,
  kpiChart,
  problems,
  onChange,
}: {
  more: MoreFilters;
  kpis: readonly CatalogueKpi[];
  /** The series options apply to KPI charts only. */
  kpiChart: boolean;
  problems: Readonly<Record<string, string>>;
  onChange: (changes: Partial<MoreFilters>) => void;
}) {
  const { t } = useTranslation('graphicGenerator');
  const numberField = (name: 'hourStart' | 'hourEnd' | 'devicesMin' | 'devicesMax' | 'movingAverage', max: number) => (
    <TextField
      label={t(`more.${name}`)}
      type="number"
      min={name === 'movingAverage' ? 2 : 0}
      max={max}
      step={1}
      value={more[name]}
      error={problems[name]}
      onChange={(event) => onChange({ [name]: event.target.value })}
    />
  );
  return (
    <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      <legend className="sr-only">{t('more.title')}</legend>
      {numberField('hourStart', 23)}
      {numberField('hourEnd', 23)}
      {numberField('devicesMin', 100_000)}
      {numberField('devicesMax', 100_000)}
      {kpiChart && (
        <>
          {numberField('movingAverage', 100)}
          <SelectField
            label={t('more.sortOrder')}
            value={more.sortOrder}
            onChange={(event) => onChange({ sortOrder: event.target.value as MoreFilters['sortOrder'] })}
            options={sortOrders.map((value) => ({ value, label: t(`more.sortOrders.${value}`) }))}
          />
          <div className="self-end pb-1.5">
            <CheckboxField
              label={t('more.ordered')}
              checked={more.ordered}
              onChange={(event) => onChange({ ordered: event.target.checked })}
            />
          </div>
        </>
      )}
      <ConditionsField kpis={kpis} conditions={more.conditions} join={more.conditionsJoin} onChange={onChange} />
    </fieldset>
  );
}
