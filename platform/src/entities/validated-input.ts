import { type QueryIr, type QueryIrInput, queryIrSchema, type SelectionFields, selectionFields } from '@nq/contracts';
import type { z } from 'zod';
import { issueProblem, validationError } from './validation-error.ts';

/** Parsed with its defaults; what a route builds from a request it checked fails as a bad body would (400). */
function parsed<Schema extends z.ZodType>(schema: Schema, input: z.input<Schema>): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => issueProblem(issue, ['body'])));
}

export const selectionOf = (input: z.input<typeof selectionFields>): SelectionFields => parsed(selectionFields, input);
export const queryIrOf = (input: QueryIrInput): QueryIr => parsed(queryIrSchema, input);
