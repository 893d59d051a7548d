import { type ZodType, z } from 'zod';

// Forms drawn from the API's own zod contracts: a body schema becomes JSON Schema (what the API accepts as input), and
// each property becomes an input by its kind. The server stays the judge of validity; the form only shapes values.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  enum?: readonly (string | number)[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  additionalProperties?: unknown;
}

export type FieldKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'choice'
  | 'constant'
  | 'secret'
  | 'textList'
  | 'numberList'
  | 'objectList'
  | 'group'
  | 'json';

/** A zod body schema as the JSON Schema of what it accepts. */
export const inputSchemaOf = (schema: ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const isNumeric = (type: unknown) => type === 'number' || type === 'integer';

/** A secret is given in clear or kept sealed: `string | { sealed }`. */
const isSecret = (schema: JsonSchema) =>
  schema.anyOf?.some((member) => member.properties?.sealed !== undefined) === true;

export function kindOf(schema: JsonSchema): FieldKind {
  if (schema.const !== undefined) return 'constant';
  if (isSecret(schema)) return 'secret';
  if (schema.enum) return 'choice';
  const { type } = schema;
  if (type === 'boolean') return 'boolean';
  if (isNumeric(type)) return 'number';
  if (type === 'array') {
    const items = schema.prefixItems?.[0] ?? (schema.items || undefined);
    if (items && isNumeric(items.type)) return 'numberList';
    if (items?.type === 'object') return 'objectList';
    return 'textList';
  }
  if (type === 'object') return schema.properties ? 'group' : 'json';
  return 'text';
}

export const itemSchemaOf = (schema: JsonSchema): JsonSchema => schema.prefixItems?.[0] ?? (schema.items || {});

export type Path = readonly (string | number)[];
/** How the API names a field in its problems: `tasks.0.servers`. */
export const pathKey = (path: Path) => path.join('.');

type Container = Record<string, unknown> | unknown[];

export function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), root);
}

/** A copy of `root` with `value` at `path` (containers made as needed); `undefined` removes the property. */
export function setAt<T>(root: T, path: Path, value: unknown): T {
  const [key, ...rest] = path;
  if (key === undefined) return value as T;
  const container: Container = Array.isArray(root)
    ? [...root]
    : { ...((root ?? (typeof key === 'number' ? [] : {})) as Record<string, unknown>) };
  const next = setAt((container as Record<string, unknown>)[key], rest, value);
  if (next === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[key];
  else (container as Record<string, unknown>)[key] = next;
  return container as T;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value a new object (a new list entry, a new task) starts with: its defaults and constants. */
export function initialValue(schema: JsonSchema): unknown {
  const isGroup = kindOf(schema) === 'group';
  // A group's default (`{}` for a prefaulted one) is completed with its properties' own defaults.
  if (schema.default !== undefined && !(isGroup && isPlainObject(schema.default)))
    return structuredClone(schema.default);
  if (schema.const !== undefined) return schema.const;
  if (!isGroup) return undefined;
  const value: Record<string, unknown> = isPlainObject(schema.default) ? structuredClone(schema.default) : {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const start =
      property.default !== undefined || property.const !== undefined
        ? initialValue(property)
        : kindOf(property) === 'group' && schema.required?.includes(name)
          ? initialValue(property)
          : undefined;
    if (start !== undefined && value[name] === undefined) value[name] = start;
  }
  return value;
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * What is sent: empty texts left out, and objects left empty (an optional group nobody filled in) too — the server
 * applies its defaults to what is absent. Lists stay, even empty (an emptied list is a change).
 */
export function pruned(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => pruned(item) ?? null);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, pruned(item)] as const)
      .filter(([, item]) => item !== undefined && !isEmptyObject(item));
    return Object.fromEntries(entries);
  }
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/**
 * A group as edited: nothing when none of its own values is given (an optional group left blank stays absent),
 * otherwise with its constants (a GeoJSON point's `type`) filled in.
 */
export function settledGroup(value: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> | undefined {
  const properties = schema.properties ?? {};
  const given = Object.entries(value).some(([name, item]) => {
    if (properties[name]?.const !== undefined) return false;
    const kept = pruned(item);
    return kept !== undefined && !isEmptyObject(kept);
  });
  if (!given) return undefined;
  const constants = Object.entries(properties).filter(([, property]) => property.const !== undefined);
  return { ...Object.fromEntries(constants.map(([name, property]) => [name, property.const])), ...value };
}

/** JSON with object keys sorted, to compare values whatever order their keys came in. */
export const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  ) ?? '';

/**
 * The body of an update ("the fields sent change, the others stay"): each top-level field whose value differs from
 * the stored one, `null` for one cleared.
 */
export function changedFields(
  stored: Record<string, unknown>,
  draft: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const before = pruned(stored) as Record<string, unknown>;
  const after = pruned(draft) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if (stableJson(before[field]) === stableJson(after[field])) continue;
    changes[field] = after[field] === undefined ? null : after[field];
  }
  return changes;
}
