import fc from 'fast-check';

/** The subset of JSON Schema the API's OpenAPI document uses (zod's output). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Resolves `#/components/schemas/<name>` references against the document's components. */
export type SchemaResolver = (ref: string) => JsonSchema;

const maxArrayItems = 4;
const maxTextLength = 40;
const maxDepth = 6;

const dateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return dateTime;
  if (schema.format === 'date') return dateTime.map((value) => value.slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, maxTextLength);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const length = { minLength, maxLength: Math.min(maxLength, minLength + maxTextLength) };
  // Boundaries first: the shortest and the longest text the schema takes.
  return fc.oneof(
    fc.string({ ...length, unit: 'grapheme' }),
    fc.constant('x'.repeat(minLength)),
    fc.constant('y'.repeat(maxLength)),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  if (integer) {
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 1e6) }), fc.constant(low), fc.constant(high));
  }
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constant(min), fc.constant(max));
}

function objectArbitrary(schema: JsonSchema, resolve: SchemaResolver, depth: number) {
  const properties = schema.properties ?? {};
  const shapes = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueArbitrary(property, resolve, depth + 1)]),
  );
  const required = (schema.required ?? []).filter((name) => name in properties);
  return fc.record(shapes, { requiredKeys: required });
}

/** Values the schema accepts: its types, bounds, formats, patterns, enumerations, the boundaries among them. */
export function valueArbitrary(schema: JsonSchema, resolve: SchemaResolver, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueArbitrary(resolve(schema.$ref), resolve, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => valueArbitrary(variant, resolve, depth)));
  if (schema.allOf) return valueArbitrary(Object.assign({}, ...schema.allOf), resolve, depth);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => valueArbitrary({ ...schema, type }, resolve, depth)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth >= maxDepth) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(valueArbitrary(schema.items ?? {}, resolve, depth + 1), {
        minLength,
        maxLength: Math.min(schema.maxItems ?? maxArrayItems, minLength + maxArrayItems),
      });
    }
    case 'object':
      return depth >= maxDepth ? fc.constant({}) : objectArbitrary(schema, resolve, depth);
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
