import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, FieldFrame, inputClass, SelectField, TextAreaField, TextField } from '../ui/fields.tsx';
import { type FieldSpec, type FormRows, type FormValue, type FormValues, toFormValues } from './field-spec.ts';
import { ImageField } from './ImageField.tsx';

export interface FieldInputProps {
  /** i18n namespace of the labels (rows label their columns). */
  namespace: string;
  field: FieldSpec;
  /** The translated label. */
  label: string;
  value: FormValue | undefined;
  error?: string | undefined;
  /** Every problem of the form, by path: a rows field shows its rows' problems under their inputs. */
  errors?: Record<string, string>;
  hint?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: FormValue) => void;
}

const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');
const rowsOf = (value: FormValue | undefined): FormRows['rows'] =>
  typeof value === 'object' && !Array.isArray(value) ? value.rows : [];

/** The input of one form field, by its kind. */
export function FieldInput({
  namespace,
  field,
  label,
  value,
  error,
  errors = {},
  hint,
  disabled,
  onChange,
}: FieldInputProps) {
  const common = { name: field.name, label, error, hint, disabled };
  switch (field.kind) {
    case 'checkbox':
      return <CheckboxField {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'select':
      return (
        <SelectField
          {...common}
          options={field.options ?? []}
          placeholder=""
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'multiselect':
      return (
        <SelectField
          {...common}
          multiple
          size={Math.min(6, Math.max(3, field.options?.length ?? 3))}
          options={field.options ?? []}
          value={Array.isArray(value) ? value : []}
          // Read from each option: happy-dom's selectedOptions may lag behind a second choice.
          onChange={(e) =>
            onChange([...e.target.options].filter((option) => option.selected).map((option) => option.value))
          }
        />
      );
    case 'textarea':
    case 'json':
    case 'list':
      return (
        <TextAreaField
          {...common}
          rows={field.kind === 'json' ? 6 : 3}
          className="font-mono"
          placeholder={field.placeholder}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'rows':
      return (
        <RowsField
          namespace={namespace}
          field={field}
          label={label}
          hint={hint}
          rows={rowsOf(value)}
          errors={errors}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'image':
      return (
        <ImageField
          label={label}
          value={text(value)}
          error={error}
          hint={hint}
          disabled={disabled}
          rule={field.image}
          onChange={onChange}
        />
      );
    case 'color':
      return <ColorInput {...common} value={text(value)} onChange={onChange} />;
    default:
      return (
        <TextField
          {...common}
          type={field.kind === 'datetime' ? 'datetime-local' : field.kind === 'text' ? 'text' : field.kind}
          placeholder={field.placeholder}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

interface ColorInputProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: string) => void;
}

/** A `#rrggbb` text with a colour picker beside it (the picker cannot show "no colour"; the text can). */
function ColorInput({ name, label, value, error, hint, disabled, onChange }: ColorInputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          placeholder="#rrggbb"
          className={inputClass(error)}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          type="color"
          aria-label={label}
          className="h-8 w-10 cursor-pointer rounded border border-gray-300"
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </FieldFrame>
  );
}

// A rows field holds rows of fields, each drawn by FieldInput: the two recurse, so they share this module.
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
                field={column.optionsOf ? { ...column, options: column.optionsOf(row) } : column}
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
