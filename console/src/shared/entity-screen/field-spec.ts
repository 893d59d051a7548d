import type { Option } from '../ui/fields.tsx';

/** One field of an entity form: how it is edited and how its text becomes the API value. */
export interface FieldSpec {
  /** The body field; a dotted name (`location.latitude`) edits a field of a nested object. */
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
    | 'password'
    /** A list of texts, one per line (or comma-separated). */
    | 'list'
    /** A list of objects, each edited with `columns`. */
    | 'rows'
    /** A png/jpeg file sent as a data URL, refused above `image.maxBytes`. */
    | 'image'
    /** A `#rrggbb` colour. */
    | 'color';
  options?: readonly Option[];
  /** A column of a `rows` field whose options depend on the row's other values (a KPI's statistics): `options` then. */
  optionsOf?: (row: FormValues) => readonly Option[];
  required?: boolean;
  /** i18n key of a hint shown under the field. */
  hint?: string;
  /** Shown but not editable once the entity exists (e.g. a natural id). */
  fixedOnEdit?: boolean;
  placeholder?: string;
  /** kind 'rows': the fields of one row (names relative to the row object). */
  columns?: readonly FieldSpec[];
  /** kind 'image': the largest file accepted, in bytes, and the catalogue code a larger one gets. */
  image?: { maxBytes: number; tooLarge: string };
  /**
   * For values the kind alone does not map: how the entity's value shows in the input and goes back to the API
   * (`previous` is the entity's value, to keep what the input does not show, e.g. a layer's groups).
   */
  convert?: { toForm(value: unknown): FormValue; toApi(value: FormValue, previous: unknown): unknown };
  /** i18n key of a heading the form shows before this field (groups a long form). */
  section?: string;
}

/** The rows of a `rows` field, each with its own form values. */
export interface FormRows {
  rows: FormValues[];
}
export type FormValue = string | boolean | string[] | FormRows;
export type FormValues = Record<string, FormValue>;

/** The value at a dotted path of an object (`location.latitude`). */
export function valueAt(source: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
}

const rootOf = (name: string) => name.split('.')[0] ?? name;

/** An entity's fields as form values (what the inputs show). */
export function toFormValues(fields: readonly FieldSpec[], entity: Record<string, unknown> | undefined): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = valueAt(entity, field.name);
      if (field.convert) return [field.name, field.convert.toForm(value)];
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
        case 'list':
          return [field.name, Array.isArray(value) ? value.join('\n') : ''];
        case 'rows':
          return [
            field.name,
            {
              rows: Array.isArray(value)
                ? value.map((row) => toFormValues(field.columns ?? [], row as Record<string, unknown>))
                : [],
            },
          ];
        default:
          return [field.name, value === undefined || value === null ? '' : String(value)];
      }
    }),
  );
}

/** A value the form cannot turn into what the API takes; `code` is the catalogue message shown under the field. */
export class FieldValueError extends Error {
  readonly field: string;
  readonly code: string;
  constructor(field: string, code: string, message = `field ${field} is not valid`) {
    super(message);
    this.field = field;
    this.code = code;
  }
}

export class JsonFieldError extends FieldValueError {
  constructor(field: string) {
    super(field, 'request.invalid', `field ${field} is not valid JSON`);
  }
}

/** A form value as the API takes it; undefined when the field is left empty (the server applies its default). */
export function toApiValue(field: FieldSpec, value: FormValue | undefined, previous?: unknown): unknown {
  if (field.convert) return field.convert.toApi(value ?? '', previous);
  if (field.kind === 'checkbox') return value === true;
  if (field.kind === 'multiselect') return Array.isArray(value) ? value : [];
  if (field.kind === 'rows') {
    const rows = typeof value === 'object' && !Array.isArray(value) ? value.rows : [];
    const previousRows = Array.isArray(previous) ? previous : [];
    return rows.map((row, index) => {
      try {
        return createBody(field.columns ?? [], row, previousRows[index] as Record<string, unknown> | undefined);
      } catch (error) {
        // A row's input that cannot be read is named by its path, to show under it.
        if (error instanceof FieldValueError)
          throw new FieldValueError(`${field.name}.${index}.${error.field}`, error.code, error.message);
        throw error;
      }
    });
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (field.kind === 'list')
    return text
      .split(/[\n,]/)
      .map((item) => item.trim())
      .filter(Boolean);
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

/** The body of a create: every filled field (dotted names build nested objects). */
export function createBody(
  fields: readonly FieldSpec[],
  values: FormValues,
  entity?: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = toApiValue(field, values[field.name], valueAt(entity, field.name));
    if (value !== undefined) setAt(body, field.name, value);
  }
  return body;
}

/**
 * The body of an update: only what changed; a field emptied is sent as null (cleared). A nested object is sent whole
 * when any of its fields changed.
 */
export function changedBody(
  fields: readonly FieldSpec[],
  initial: FormValues,
  values: FormValues,
  entity?: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const editable = fields.filter((field) => !field.fixedOnEdit);
  const changed = editable.filter(
    (field) => JSON.stringify(initial[field.name]) !== JSON.stringify(values[field.name]),
  );
  for (const root of new Set(changed.map((field) => rootOf(field.name)))) {
    const group = editable.filter((field) => rootOf(field.name) === root);
    const value = createBody(group, values, entity)[root];
    body[root] = value === undefined ? null : value;
  }
  return body;
}

/**
 * Where each server problem shows: under the field it names (`imsis.0` under `imsis`); inside a `rows` field, under
 * the row's input (`probes.0.end`). Problems naming no field of the form are left out.
 */
export function problemsByField(
  fields: readonly FieldSpec[],
  problems: Record<string, string>,
): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems)) {
    const field = fieldOfProblem(fields, path);
    if (!field) continue;
    const key = field.kind === 'rows' && path !== field.name ? path : field.name;
    placed[key] ??= message;
  }
  return placed;
}

/** The form field a problem path names, if any. */
export const fieldOfProblem = (fields: readonly FieldSpec[], path: string) =>
  fields.find((field) => path === field.name || path.startsWith(`${field.name}.`));
