import { type ComparisonOperator, conditionOperators, type KpiCondition } from '@nq/contracts/analytics/query-ir';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import type { MoreFilters } from '../model/generator-config.ts';

type Operator = KpiCondition['operator'];

/** A condition with another operator: a value comes or goes with it (not_exists compares nothing). */
function withOperator(condition: KpiCondition, operator: Operator): KpiCondition {
  if (operator === 'not_exists') return { kpi: condition.kpi, operator };
  return { kpi: condition.kpi, operator, value: 'value' in condition ? condition.value : 0 };
}

/** Conditions on KPI values (docs/product/entities.md#value-lists), all of them or any of them to hold. */
export function ConditionsField({
  kpis,
  conditions,
  join,
  onChange,
}: {
  kpis: readonly CatalogueKpi[];
  conditions: readonly KpiCondition[];
  join: MoreFilters['conditionsJoin'];
  onChange: (changes: Pick<MoreFilters, 'conditions'> | Pick<MoreFilters, 'conditionsJoin'>) => void;
}) {
  const { t } = useTranslation('graphicGenerator');
  const replace = (index: number, condition: KpiCondition) =>
    onChange({ conditions: conditions.map((before, at) => (at === index ? condition : before)) });
  const firstKpi = kpis[0]?.id;
  return (
    <fieldset className="col-span-2 space-y-2 md:col-span-4">
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('conditions.title')}</legend>
      {conditions.length > 1 && (
        <SelectField
          label={t('conditions.join')}
          value={join}
          onChange={(event) => onChange({ conditionsJoin: event.target.value as MoreFilters['conditionsJoin'] })}
          options={[
            { value: 'and', label: t('conditions.and') },
            { value: 'or', label: t('conditions.or') },
          ]}
        />
      )}
      <ol className="space-y-2">
        {conditions.map((condition, index) => (
          // Conditions have no identity of their own: a row is its place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="grid grid-cols-2 items-end gap-2 md:grid-cols-4">
            <SelectField
              label={t('conditions.kpi', { number: index + 1 })}
              value={condition.kpi}
              onChange={(event) => replace(index, { ...condition, kpi: event.target.value as KpiId })}
              options={kpis.map((kpi) => ({ value: kpi.id, label: `${kpi.label} (${kpi.unit})` }))}
            />
            <SelectField
              label={t('conditions.operator', { number: index + 1 })}
              value={condition.operator}
              onChange={(event) => replace(index, withOperator(condition, event.target.value as Operator))}
              options={conditionOperators.map((value) => ({ value, label: t(`conditions.operators.${value}`) }))}
            />
            {condition.operator === 'not_exists' ? (
              <span />
            ) : (
              <TextField
                label={t('conditions.value', { number: index + 1 })}
                type="number"
                value={String(condition.value)}
                onChange={(event) =>
                  replace(index, {
                    ...condition,
                    operator: condition.operator as ComparisonOperator,
                    value: Number(event.target.value),
                  })
                }
              />
            )}
            <Button
              variant="ghost"
              onClick={() => onChange({ conditions: conditions.filter((_, at) => at !== index) })}
            >
              {t('conditions.remove', { number: index + 1 })}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={!firstKpi}
        onClick={() =>
          firstKpi && onChange({ conditions: [...conditions, { kpi: firstKpi, operator: 'gte', value: 0 }] })
        }
      >
        {t('conditions.add')}
      </Button>
    </fieldset>
  );
}
