import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput.tsx';
import type { FieldSpec, FormValue, FormValues } from './field-spec.ts';

export interface EntityFormProps {
  namespace: string;
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  editing: boolean;
  onChange: (name: string, value: FormValue) => void;
}

const wideKinds = new Set<FieldSpec['kind']>(['textarea', 'json', 'multiselect', 'rows']);

/** The inputs of an entity form, laid out from its field specs; each shows its own problem under it. */
export function EntityForm({ namespace, fields, values, errors, editing, onChange }: EntityFormProps) {
  const { t } = useTranslation(namespace);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <Fragment key={field.name}>
          {field.section && (
            <h3 className="border-b pb-1 pt-2 text-sm font-semibold text-gray-800 sm:col-span-2">{t(field.section)}</h3>
          )}
          <div className={wideKinds.has(field.kind) ? 'sm:col-span-2' : undefined}>
            <FieldInput
              namespace={namespace}
              field={field}
              label={`${t(field.label)}${field.required ? ' *' : ''}`}
              value={values[field.name]}
              error={errors[field.name]}
              errors={errors}
              hint={field.hint ? t(field.hint) : undefined}
              disabled={editing && field.fixedOnEdit}
              onChange={(value) => onChange(field.name, value)}
            />
          </div>
        </Fragment>
      ))}
    </div>
  );
}
