import { alertMaxConditions, alertOperators } from '@nq/contracts/configuration/alert';
import type { Profile } from '@nq/contracts/identity/profile';
import { useTranslation } from 'react-i18next';
import { programText } from '../../../shared/i18n/value-texts.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { inputClass } from '../../../shared/ui/fields.tsx';
import { type ConditionRow, emptyCondition, type Problems, problemUnder } from '../model/alert-draft.ts';
import { kpiOptions } from '../model/alert-options.ts';

interface ConditionsEditorProps {
  rows: ConditionRow[];
  onChange: (rows: ConditionRow[]) => void;
  profile: Profile;
  problems: Problems;
}

/** An alert's conditions, one row each: a program of the profile, a KPI it measures, an operator and a value. */
export function ConditionsEditor({ rows, onChange, profile, problems }: ConditionsEditorProps) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.language === 'es' ? 'es' : 'en';
  const update = (index: number, change: Partial<Omit<ConditionRow, 'key'>>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const listProblem = problems.conditions;

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('conditions.title')}</legend>
      {rows.length === 0 && <p className="text-sm text-gray-500">{t('noConditions')}</p>}
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const position = index + 1;
          const at = `conditions.${index}`;
          const kpis = kpiOptions(profile, row.program, language);
          const problem = problemUnder(problems, at);
          return (
            <li key={row.key} className="rounded-md border border-gray-200 p-2" data-testid="condition-row">
              <div className="grid grid-cols-[1.5rem_minmax(8rem,1fr)_minmax(9rem,1.2fr)_minmax(9rem,1fr)_minmax(6rem,0.7fr)_auto] items-center gap-2">
                <span className="text-xs text-gray-500">{position}</span>
                <select
                  aria-label={t('conditionRow.program', { position })}
                  value={row.program}
                  onChange={(event) => {
                    const program = event.target.value;
                    update(index, { program, kpi: kpiOptions(profile, program, language)[0]?.value ?? '' });
                  }}
                  className={inputClass(problems[`${at}.program`])}
                >
                  <option value="">{t('chooseProgram')}</option>
                  {profile.programs.map((program) => (
                    <option key={program.id} value={program.id}>
                      {programText(t, program.id, program.program)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('conditionRow.kpi', { position })}
                  value={row.kpi}
                  onChange={(event) => update(index, { kpi: event.target.value })}
                  className={inputClass(problems[`${at}.kpi`])}
                >
                  <option value="">{t('chooseKpi')}</option>
                  {kpis.map((kpi) => (
                    <option key={kpi.value} value={kpi.value}>
                      {kpi.label}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('conditionRow.operator', { position })}
                  value={row.operator}
                  onChange={(event) => update(index, { operator: event.target.value as ConditionRow['operator'] })}
                  className={inputClass(problems[`${at}.operator`])}
                >
                  {alertOperators.map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`operators.${operator}`)}
                    </option>
                  ))}
                </select>
                <input
                  type="number"
                  step="any"
                  aria-label={t('conditionRow.value', { position })}
                  value={row.value}
                  onChange={(event) => update(index, { value: event.target.value })}
                  className={inputClass(problems[`${at}.value`])}
                />
                <Button
                  variant="ghost"
                  aria-label={t('conditionRow.remove', { position })}
                  onClick={() => onChange(rows.filter((_, other) => other !== index))}
                >
                  ✕
                </Button>
              </div>
              {problem && (
                <p role="alert" className="mt-1 text-xs text-rose-600">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listProblem && (
        <p role="alert" className="text-xs text-rose-600">
          {listProblem}
        </p>
      )}
      <Button
        variant="secondary"
        disabled={rows.length >= alertMaxConditions}
        onClick={() => onChange([...rows, emptyCondition()])}
      >
        {t('addCondition')}
      </Button>
    </fieldset>
  );
}
