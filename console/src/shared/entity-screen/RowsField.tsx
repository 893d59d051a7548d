import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { FieldInput } from './FieldInput.tsx';
import { type FieldSpec, type FormValue, type FormValues, toFormValues } from './field-spec.ts';

export interface RowsFieldProps {
  namespace: string;
  field: FieldSpec;
  label: string;
  hint?: string | undefined;
  rows: FormValues[];
  /** Problems by path: `probes.0.end` shows under the end of the first row, `probes` above the rows. */
  errors: Record<string, string>;
  disabled?: boolean | undefined;
  onChange: (value: FormValue) => void;
}

/** The first problem at this path or under it. */
const problemAt = (errors: Record<string, string>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

/** A list of objects (headers, probe memberships, MOS entries…): one small form per row, rows added and removed. */
export function RowsField({ namespace, field, label, hint, rows, errors, disabled, onChange }: RowsFieldProps) {
  const { t } = useTranslation(namespace);
  const columns = field.columns ?? [];
  const change = (next: FormValues[]) => onChange({ rows: next });
  return (
    <fieldset className="space-y-2" data-testid={`rows-${field.name}`}>
      <legend className="mb-1 text-sm font-medium text-gray-700">{label}</legend>
      {hint && <p className="text-xs text-gray-500">{hint}</p>}
      {errors[field.name] && (
        <p role="alert" className="text-xs text-rose-600">
          {errors[field.name]}
        </p>
      )}
      {rows.map((row, index) => (
        <div
          // Rows have no identity of their own: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="flex items-start gap-2 rounded-md border border-gray-200 bg-gray-50 p-2"
          data-testid={`${field.name}-row-${index}`}
        >
          <div className="grid flex-1 grid-cols-2 gap-2 md:grid-cols-4">
            {columns.map((column) => (
              <FieldInput
                key={column.name}
                namespace={namespace}
                field={column}
                label={`${t(column.label)}${column.required ? ' *' : ''}`}
                value={row[column.name]}
                error={problemAt(errors, `${field.name}.${index}.${column.name}`)}
                disabled={disabled}
                onChange={(value) =>
                  change(rows.map((item, i) => (i === index ? { ...item, [column.name]: value } : item)))
                }
              />
            ))}
          </div>
          <Button
            variant="ghost"
            className="text-rose-700"
            disabled={disabled}
            aria-label={`${t('common:remove')} ${label} ${index + 1}`}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          >
            ×
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => change([...rows, toFormValues(columns, undefined)])}
      >
        {t('common:add')}: {label}
      </Button>
    </fieldset>
  );
}
