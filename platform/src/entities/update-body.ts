import { z } from 'zod';

/** Defaults belong to creation: unwrapped here so that a field left out of an update keeps its stored value. */
const withoutDefault = (field: z.ZodType): z.ZodType =>
  field instanceof z.ZodDefault || field instanceof z.ZodPrefault ? withoutDefault(field.unwrap() as z.ZodType) : field;

/**
 * An update body: every field optional (left out: unchanged) and nullable (null: clear an optional field; a required
 * one cleared is refused when the whole entity is validated again).
 */
export function updateBodySchema(schema: z.ZodObject) {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [
        key,
        withoutDefault(field as z.ZodType)
          .nullable()
          .optional(),
      ]),
    ),
  );
}

/** The stored fields with the update applied: undefined leaves a field, null removes it. */
export function mergeChanges(fields: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged = { ...fields };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** An update body's parts: the changes to the fields, and the update options named by `optionNames`. */
export function splitUpdateBody(body: Record<string, unknown>, optionNames: readonly string[]) {
  const changes: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (optionNames.includes(key) ? options : changes)[key] = value;
  return { changes, options };
}
