import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/fields.tsx';
import type { FieldSpec, FormValue, FormValues } from './field-spec.ts';

export interface EntityFormProps {
  namespace: string;
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  editing: boolean;
  onChange: (name: string, value: FormValue) => void;
}

/** The inputs of an entity form, laid out from its field specs; each shows its own problem under it. */
export function EntityForm({ namespace, fields, values, errors, editing, onChange }: EntityFormProps) {
  const { t } = useTranslation(namespace);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const label = `${t(field.label)}${field.required ? ' *' : ''}`;
        const value = values[field.name];
        const common = {
          name: field.name,
          label,
          error: errors[field.name],
          hint: field.hint ? t(field.hint) : undefined,
          disabled: editing && field.fixedOnEdit,
        };
        const wide = field.kind === 'textarea' || field.kind === 'json' || field.kind === 'multiselect';
        return (
          <div key={field.name} className={wide ? 'sm:col-span-2' : undefined}>
            {field.kind === 'checkbox' ? (
              <CheckboxField
                {...common}
                checked={value === true}
                onChange={(e) => onChange(field.name, e.target.checked)}
              />
            ) : field.kind === 'select' ? (
              <SelectField
                {...common}
                options={field.options ?? []}
                placeholder=""
                value={String(value ?? '')}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            ) : field.kind === 'multiselect' ? (
              <SelectField
                {...common}
                multiple
                size={Math.min(6, Math.max(3, field.options?.length ?? 3))}
                options={field.options ?? []}
                value={Array.isArray(value) ? value : []}
                onChange={(e) =>
                  onChange(
                    field.name,
                    [...e.target.selectedOptions].map((option) => option.value),
                  )
                }
              />
            ) : field.kind === 'textarea' || field.kind === 'json' ? (
              <TextAreaField
                {...common}
                rows={field.kind === 'json' ? 6 : 3}
                className="font-mono"
                value={String(value ?? '')}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            ) : (
              <TextField
                {...common}
                type={field.kind === 'datetime' ? 'datetime-local' : field.kind === 'text' ? 'text' : field.kind}
                placeholder={field.placeholder}
                value={String(value ?? '')}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
