import type { Option } from '../ui/fields.tsx';

/** One field of an entity form: how it is edited and how its text becomes the API value. */
export interface FieldSpec {
  name: string;
  /** i18n key of the label (in the screen's namespace). */
  label: string;
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'select'
    | 'multiselect'
    | 'checkbox'
    | 'date'
    | 'datetime'
    | 'json'
    | 'password';
  options?: readonly Option[];
  required?: boolean;
  /** i18n key of a hint shown under the field. */
  hint?: string;
  /** Shown but not editable once the entity exists (e.g. a natural id). */
  fixedOnEdit?: boolean;
  placeholder?: string;
}

export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** An entity's fields as form values (what the inputs show). */
export function toFormValues(fields: readonly FieldSpec[], entity: Record<string, unknown> | undefined): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = entity?.[field.name];
      switch (field.kind) {
        case 'checkbox':
          return [field.name, value === true];
        case 'multiselect':
          return [field.name, Array.isArray(value) ? value.map(String) : []];
        case 'json':
          return [field.name, value === undefined ? '' : JSON.stringify(value, null, 2)];
        case 'date':
          return [field.name, typeof value === 'string' ? value.slice(0, 10) : ''];
        case 'datetime':
          return [field.name, typeof value === 'string' ? value.slice(0, 16) : ''];
        default:
          return [field.name, value === undefined || value === null ? '' : String(value)];
      }
    }),
  );
}

export class JsonFieldError extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`field ${field} is not valid JSON`);
    this.field = field;
  }
}

/** A form value as the API takes it; undefined when the field is left empty (the server applies its default). */
export function toApiValue(field: FieldSpec, value: FormValue | undefined): unknown {
  if (field.kind === 'checkbox') return value === true;
  if (field.kind === 'multiselect') return Array.isArray(value) ? value : [];
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return undefined;
  switch (field.kind) {
    case 'number':
      return Number(text);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        throw new JsonFieldError(field.name);
      }
    case 'date':
      return new Date(`${text}T00:00:00.000Z`).toISOString();
    case 'datetime':
      return new Date(`${text}:00.000Z`).toISOString();
    default:
      return text;
  }
}

/** The body of a create: every filled field. */
export function createBody(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = toApiValue(field, values[field.name]);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

/** The body of an update: only what changed; a field emptied is sent as null (cleared). */
export function changedBody(
  fields: readonly FieldSpec[],
  initial: FormValues,
  values: FormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.fixedOnEdit) continue;
    if (JSON.stringify(initial[field.name]) === JSON.stringify(values[field.name])) continue;
    const value = toApiValue(field, values[field.name]);
    body[field.name] = value === undefined ? null : value;
  }
  return body;
}
