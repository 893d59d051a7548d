import { csvMeasurementFieldNames } from '@nq/contracts/configuration/csv-template';
import type { Profile } from '@nq/contracts/identity/profile';
import { useTranslation } from 'react-i18next';
import { programText } from '../../../shared/i18n/value-texts.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { inputClass } from '../../../shared/ui/fields.tsx';
import { type ColumnRow, changedRow, kpiChoices, newRowKey, operationsOf } from '../model/column-rows.ts';
import { moved } from '../model/move.ts';

interface ColumnsEditorProps {
  rows: ColumnRow[];
  onChange: (rows: ColumnRow[]) => void;
  /** The programs a column may be of (the screen's). */
  programs: Profile['programs'];
  profileKpis: readonly string[];
  /** Problems by field path (`columns.2.operation`). */
  problems: Record<string, string>;
}

/** The template's columns in order: each a program, a measurement field or KPI, and an operation. */
export function ColumnsEditor({ rows, onChange, programs, profileKpis, problems }: ColumnsEditorProps) {
  const { t, i18n } = useTranslation('csvTemplates');
  const language = i18n.language === 'es' ? 'es' : 'en';
  const update = (index: number, change: Partial<Omit<ColumnRow, 'key'>>) =>
    onChange(rows.map((row, at) => (at === index ? changedRow(row, change) : row)));
  const add = () =>
    onChange([...rows, { key: newRowKey(), program: '', source: 'field', name: 'measurementId', operation: 'value' }]);

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('columns')}</legend>
      {problems.columns && (
        <p role="alert" className="text-xs text-rose-600">
          {problems.columns}
        </p>
      )}
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const position = index + 1;
          const program = programs.find((candidate) => candidate.id === row.program);
          const names =
            row.source === 'field'
              ? csvMeasurementFieldNames.map((name) => ({ value: name, label: t(`fields.${name}`) }))
              : kpiChoices(program?.type, profileKpis).map((kpi) => ({ value: kpi.id, label: kpi.label[language] }));
          const problem =
            problems[`columns.${index}.program`] ??
            problems[`columns.${index}.field`] ??
            problems[`columns.${index}.key`] ??
            problems[`columns.${index}.operation`] ??
            problems[`columns.${index}`];
          return (
            <li key={row.key} className="rounded-md border border-gray-200 p-2" data-testid="column-row">
              <div className="grid grid-cols-[1.5rem_minmax(9rem,1fr)_minmax(10rem,1fr)_minmax(10rem,1.3fr)_minmax(7rem,0.8fr)_auto] items-center gap-2">
                <span className="text-xs text-gray-500">{position}</span>
                <select
                  aria-label={t('columnProgram', { position })}
                  value={row.program}
                  onChange={(event) => update(index, { program: event.target.value })}
                  className={inputClass(undefined)}
                >
                  <option value="">{t('everyProgram')}</option>
                  {programs.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {programText(t, candidate.id, candidate.program)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('columnSource', { position })}
                  value={row.source}
                  onChange={(event) => {
                    const source = event.target.value as ColumnRow['source'];
                    const first =
                      source === 'field' ? 'measurementId' : (kpiChoices(program?.type, profileKpis)[0]?.id ?? '');
                    update(index, { source, name: first });
                  }}
                  className={inputClass(undefined)}
                >
                  <option value="field">{t('sources.field')}</option>
                  <option value="key">{t('sources.key')}</option>
                </select>
                <select
                  aria-label={t('columnName', { position })}
                  value={row.name}
                  onChange={(event) => update(index, { name: event.target.value })}
                  className={inputClass(problem)}
                >
                  {names.map((name) => (
                    <option key={name.value} value={name.value}>
                      {name.label}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('columnOperation', { position })}
                  value={row.operation}
                  onChange={(event) => update(index, { operation: event.target.value as ColumnRow['operation'] })}
                  className={inputClass(undefined)}
                >
                  {operationsOf(row).map((operation) => (
                    <option key={operation} value={operation}>
                      {t(`operations.${operation}`)}
                    </option>
                  ))}
                </select>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    aria-label={t('columnUp', { position })}
                    disabled={index === 0}
                    onClick={() => onChange(moved(rows, index, index - 1))}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t('columnDown', { position })}
                    disabled={index === rows.length - 1}
                    onClick={() => onChange(moved(rows, index, index + 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t('columnRemove', { position })}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  >
                    ✕
                  </Button>
                </div>
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
      <Button variant="secondary" onClick={add}>
        {t('addColumn')}
      </Button>
    </fieldset>
  );
}
