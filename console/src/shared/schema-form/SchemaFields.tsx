import type { ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, SelectField, TextField } from '../ui/fields.tsx';
import { JsonInput, ListInput, SecretInput } from './inputs.tsx';
import {
  initialValue,
  itemSchemaOf,
  type JsonSchema,
  kindOf,
  type Path,
  pathKey,
  setAt,
  settledGroup,
} from './json-schema.ts';

/** What the server said about fields, keyed as it names them (`device.dns.primary`, `tasks.0.timeout`). */
export interface FieldNotes {
  errors: Readonly<Record<string, string>>;
  warnings?: Readonly<Record<string, string>>;
}

/** The words a schema form shows, from the screen's namespace. */
export interface SchemaTexts {
  /** A property's label, by its name (and its path, when a name means different things in different places). */
  label: (name: string, path: Path) => string;
  /** An allowed value's label. */
  option: (name: string, value: string | number) => string;
  add: string;
  remove: string;
  sealed: string;
  replace: string;
}

/** A screen's own input for a property (a select of task suites instead of a text id, …). */
export interface CustomField {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  disabled: boolean;
}

export interface SchemaFieldsProps {
  /** An object schema (see inputSchemaOf). */
  schema: JsonSchema;
  value: unknown;
  onChange: (value: Record<string, unknown>) => void;
  notes: FieldNotes;
  texts: SchemaTexts;
  /** Where this object sits in the body, so problems find their field. */
  path?: Path;
  /** Properties not drawn here (drawn elsewhere, or set by the screen). */
  omit?: readonly string[];
  /** Inputs of the screen's own, by path key. */
  custom?: Readonly<Record<string, (field: CustomField) => ReactNode>>;
  /** Path keys shown but not editable. */
  readOnly?: readonly string[];
  /** Top-level groups fold (open when they hold a problem). */
  foldGroups?: boolean;
}

const hasNoteUnder = (notes: FieldNotes, key: string) =>
  [...Object.keys(notes.errors), ...Object.keys(notes.warnings ?? {})].some(
    (noted) => noted === key || noted.startsWith(`${key}.`),
  );

function Note({ notes, noteKey }: { notes: FieldNotes; noteKey: string }) {
  const error = notes.errors[noteKey];
  const warning = notes.warnings?.[noteKey];
  return (
    <>
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
      {warning && (
        <p role="status" className="text-xs text-amber-700" data-testid="field-warning">
          ⚠ {warning}
        </p>
      )}
    </>
  );
}

/**
 * The inputs of an object of an API body, drawn from its schema: texts, numbers, choices, switches, secrets, lists
 * and nested groups, each with the server's problem (and warning) for it underneath.
 */
export function SchemaFields(props: SchemaFieldsProps) {
  const { schema, value, onChange, path = [], omit = [] } = props;
  const entries = Object.entries(schema.properties ?? {}).filter(
    ([name, property]) => !omit.includes(name) && kindOf(property) !== 'constant',
  );
  const current = (value ?? {}) as Record<string, unknown>;
  const set = (name: string, next: unknown) => onChange(setAt(current, [name], next));
  const isNested = (property: JsonSchema) => ['group', 'objectList', 'json'].includes(kindOf(property));

  const field = ([name, property]: [string, JsonSchema]) => (
    <PropertyField
      key={name}
      {...props}
      name={name}
      property={property}
      required={schema.required?.includes(name) === true}
      propertyPath={[...path, name]}
      propertyValue={current[name]}
      onPropertyChange={(next) => set(name, next)}
    />
  );

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {entries.filter(([, property]) => !isNested(property)).map(field)}
      </div>
      {entries.filter(([, property]) => isNested(property)).map(field)}
    </div>
  );
}

interface PropertyFieldProps extends SchemaFieldsProps {
  name: string;
  property: JsonSchema;
  required: boolean;
  propertyPath: Path;
  propertyValue: unknown;
  onPropertyChange: (value: unknown) => void;
}

function PropertyField(props: PropertyFieldProps) {
  const { name, property, required, propertyPath, propertyValue, onPropertyChange, notes, texts } = props;
  const key = pathKey(propertyPath);
  const label = `${texts.label(name, propertyPath)}${required ? ' *' : ''}`;
  const error = notes.errors[key];
  const disabled = props.readOnly?.includes(key) === true;
  const common = { label, error, disabled };
  const warning = notes.warnings?.[key] ? (
    <Note notes={{ errors: {}, warnings: notes.warnings }} noteKey={key} />
  ) : null;

  const custom = props.custom?.[key];
  if (custom)
    return (
      <div>
        {custom({ label, value: propertyValue, onChange: onPropertyChange, error, disabled })}
        {warning}
      </div>
    );

  switch (kindOf(property)) {
    case 'boolean':
      return (
        <CheckboxField
          {...common}
          checked={propertyValue === true}
          onChange={(event) => onPropertyChange(event.target.checked)}
        />
      );
    case 'choice': {
      const values = property.enum ?? [];
      return (
        <div>
          <SelectField
            {...common}
            options={values.map((option) => ({ value: String(option), label: texts.option(name, option) }))}
            placeholder={required && propertyValue !== undefined ? undefined : ''}
            value={propertyValue === undefined ? '' : String(propertyValue)}
            onChange={(event) => onPropertyChange(values.find((option) => String(option) === event.target.value))}
          />
          {warning}
        </div>
      );
    }
    case 'number':
      return (
        <div>
          <TextField
            {...common}
            type="number"
            value={propertyValue === undefined || propertyValue === null ? '' : String(propertyValue)}
            onChange={(event) => onPropertyChange(event.target.value === '' ? undefined : Number(event.target.value))}
          />
          {warning}
        </div>
      );
    case 'secret':
      return (
        <SecretInput
          {...common}
          texts={texts}
          value={propertyValue as string | { sealed: string } | undefined}
          onChange={onPropertyChange}
        />
      );
    case 'textList':
    case 'numberList':
      return (
        <div className="sm:col-span-2">
          <ListInput
            {...common}
            numeric={kindOf(property) === 'numberList'}
            value={propertyValue as (string | number)[] | undefined}
            onChange={onPropertyChange}
          />
          {warning}
        </div>
      );
    case 'json':
      return <JsonInput {...common} value={propertyValue} onChange={onPropertyChange} />;
    case 'group':
      return <GroupField {...props} label={label} />;
    case 'objectList':
      return <ObjectListField {...props} label={label} />;
    default:
      return (
        <div>
          <TextField
            {...common}
            value={propertyValue === undefined || propertyValue === null ? '' : String(propertyValue)}
            onChange={(event) => onPropertyChange(event.target.value === '' ? undefined : event.target.value)}
          />
          {warning}
        </div>
      );
  }
}

function GroupField(props: PropertyFieldProps & { label: string }) {
  const { property, propertyPath, propertyValue, onPropertyChange, notes, label } = props;
  const key = pathKey(propertyPath);
  const inner = (
    <>
      <Note notes={notes} noteKey={key} />
      <SchemaFields
        {...props}
        foldGroups={false}
        schema={property}
        value={propertyValue}
        path={propertyPath}
        omit={[]}
        onChange={(next) => onPropertyChange(settledGroup(next, property))}
      />
    </>
  );
  if (props.foldGroups)
    return (
      <details
        className="rounded-lg border border-gray-200 bg-white shadow-sm"
        open={hasNoteUnder(notes, key) || undefined}
        data-group={key}
      >
        <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-gray-800">{label}</summary>
        <div className="border-t px-4 py-3">{inner}</div>
      </details>
    );
  return (
    <fieldset className="rounded-md border border-gray-200 px-3 pb-3 pt-1" data-group={key}>
      <legend className="px-1 text-sm font-medium text-gray-700">{label}</legend>
      {inner}
    </fieldset>
  );
}

function ObjectListField(props: PropertyFieldProps & { label: string }) {
  const { property, propertyPath, propertyValue, onPropertyChange, notes, texts, label } = props;
  const items = Array.isArray(propertyValue) ? propertyValue : [];
  const itemSchema = itemSchemaOf(property);
  const disabled = props.readOnly?.includes(pathKey(propertyPath)) === true;
  return (
    <fieldset className="rounded-md border border-gray-200 px-3 pb-3 pt-1" data-group={pathKey(propertyPath)}>
      <legend className="px-1 text-sm font-medium text-gray-700">{label}</legend>
      <Note notes={notes} noteKey={pathKey(propertyPath)} />
      <ol className="space-y-2">
        {items.map((item, index) => (
          // Entries have no id of their own; their place in the list is what the API names them by.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-start gap-2 rounded bg-gray-50 p-2">
            <div className="flex-1">
              <SchemaFields
                {...props}
                foldGroups={false}
                schema={itemSchema}
                value={item}
                path={[...propertyPath, index]}
                omit={[]}
                onChange={(next) => onPropertyChange(setAt(items, [index], next))}
              />
            </div>
            <Button
              variant="ghost"
              disabled={disabled}
              aria-label={`${texts.remove} ${label} ${index + 1}`}
              onClick={() => onPropertyChange(items.filter((_, other) => other !== index))}
            >
              {texts.remove}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="mt-2"
        disabled={disabled}
        onClick={() => onPropertyChange([...items, initialValue(itemSchema) ?? {}])}
      >
        {texts.add}: {label.replace(/ \*$/, '')}
      </Button>
    </fieldset>
  );
}
