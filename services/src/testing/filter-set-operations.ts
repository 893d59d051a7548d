import type { JsonSchema, SchemaResolver } from '../api/fuzz/schema-arbitrary.ts';
import type { Operation } from './openapi-operations.ts';

/** Where a body holds a filter set: the keys down to it (`[]` for an item of a list). */
export type BodyPath = (string | '[]')[];

export interface FilterSetOperation {
  operation: Operation;
  /** Every place of its body holding a filter set (the body itself: an empty path). */
  at: BodyPath[];
}

const isIdList = (schema: JsonSchema | undefined) => schema?.type === 'array' && schema.items?.type === 'string';

/**
 * A filter set, told apart from the entities that also list probes (a cluster's or universe's probes are objects,
 * a profile's ISPs are objects): an object listing both probes and ISPs by their ids.
 */
const isFilterSet = (schema: JsonSchema) => isIdList(schema.properties?.probes) && isIdList(schema.properties?.isps);

function filterSetsIn(schema: JsonSchema, resolve: SchemaResolver, path: BodyPath, seen: Set<string>): BodyPath[] {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    return filterSetsIn(resolve(schema.$ref), resolve, path, new Set([...seen, schema.$ref]));
  }
  const found: BodyPath[] = isFilterSet(schema) ? [path] : [];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    found.push(...filterSetsIn(property, resolve, [...path, key], seen));
  if (schema.items) found.push(...filterSetsIn(schema.items, resolve, [...path, '[]'], seen));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...filterSetsIn(branch, resolve, path, seen));
  return [...new Map(found.map((at) => [at.join('.'), at])).values()];
}

/** The operations of the OpenAPI document whose JSON body takes the graphic filter set, anywhere in it. */
export const filterSetOperations = (operations: Operation[], resolve: SchemaResolver): FilterSetOperation[] =>
  operations.flatMap((operation) => {
    if (operation.body?.contentType !== 'application/json') return [];
    const at = filterSetsIn(operation.body.schema, resolve, [], new Set());
    return at.length > 0 ? [{ operation, at }] : [];
  });

/** A body holding `filters` at `path` and nothing else (a list along the way holds one item). */
export function bodyWith(path: BodyPath, filters: Record<string, unknown>): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return filters;
  const inner = bodyWith(rest, filters);
  return head === '[]' ? [inner] : { [head]: inner };
}

/** How the API names a field of the body at `path` in its problems (`body.categories.0.graphics.0.request.probes`). */
export const fieldAt = (path: BodyPath, field: string) =>
  ['body', ...path.map((key) => (key === '[]' ? '0' : key)), field].join('.');

/** An operation's path with each parameter filled with a value its schema takes (the first of an enumeration). */
export const pathOf = (operation: Operation) =>
  operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce(
      (url, parameter) => url.replace(`{${parameter.name}}`, String(parameter.schema.enum?.[0] ?? 'x')),
      operation.path,
    );
