import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import type { Option } from '../../../shared/ui/fields.tsx';
import type { RangeDraft } from '../model/cluster-draft.ts';

export interface RangeRowsProps<Row extends RangeDraft & { probeId?: string }> {
  /** i18n prefix in the clusters namespace: `dateRanges` or `probes`. */
  texts: 'dateRanges' | 'probes';
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  /** With options, each row picks a probe. */
  probes?: readonly Option[];
  /** A problem with the rows (a catalogue message), e.g. 'Some of the date ranges overlap'. */
  error?: string | undefined;
}

const inputClass = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/** Rows of periods in UTC days (a cluster's date ranges, or its probes with their membership periods). */
export function RangeRows<Row extends RangeDraft & { probeId?: string }>(props: RangeRowsProps<Row>) {
  const { texts, rows, onChange, probes } = props;
  const { t } = useTranslation('clusters');
  const update = (key: string, changes: Partial<Row>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  return (
    <fieldset className="space-y-2" aria-invalid={props.error ? true : undefined} data-testid={`${texts}-rows`}>
      <legend className="text-sm font-semibold text-gray-800">{t(`${texts}.title`)}</legend>
      <p className="text-xs text-gray-500">{t(`${texts}.hint`)}</p>
      {rows.length === 0 && <p className="text-sm text-gray-500">{t(`${texts}.empty`)}</p>}
      {rows.map((row, index) => {
        const number = index + 1;
        return (
          <div key={row.key} className="flex flex-wrap items-center gap-2">
            {probes && (
              <select
                aria-label={t(`${texts}.probe`, { number })}
                className={inputClass}
                value={row.probeId ?? ''}
                onChange={(event) => update(row.key, { probeId: event.target.value } as Partial<Row>)}
              >
                <option value="">{t('probes.choose')}</option>
                {probes.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
            <input
              type="date"
              aria-label={t(`${texts}.start`, { number })}
              className={inputClass}
              value={row.start}
              onChange={(event) => update(row.key, { start: event.target.value } as Partial<Row>)}
            />
            <span aria-hidden="true">–</span>
            <input
              type="date"
              aria-label={t(`${texts}.end`, { number })}
              className={inputClass}
              value={row.end}
              min={row.start || undefined}
              onChange={(event) => update(row.key, { end: event.target.value } as Partial<Row>)}
            />
            <Button
              variant="ghost"
              aria-label={t(`${texts}.remove`, { number })}
              onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
            >
              ×
            </Button>
          </div>
        );
      })}
      {props.error && (
        <p role="alert" className="text-xs text-rose-600">
          {props.error}
        </p>
      )}
      <Button variant="secondary" onClick={() => onChange([...rows, props.newRow()])}>
        {t(`${texts}.add`)}
      </Button>
    </fieldset>
  );
}
