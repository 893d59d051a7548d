import { type MessageParams, pathOfForbiddenText } from '@nq/contracts';
import { invalidCharactersProblem, issueProblem } from '@nq/platform/entities/validation-error';
import type { z } from 'zod';

/** A problem of an item: the field at fault, the catalogue code broken and its message's params. */
export interface ItemProblem {
  field: string;
  code?: string;
  params?: MessageParams;
  message: string;
}

export interface ItemRejection {
  index: number;
  id?: string;
  problems: ItemProblem[];
}

/** What an item breaks: text the platform refuses (NUL, a lone surrogate), else its schema's rules, else `check`. */
function problemsOf<Schema extends z.ZodType>(
  item: unknown,
  schema: Schema,
  check: (item: z.output<Schema>) => ItemProblem | undefined,
  mayHoldForbiddenText: boolean,
): { data: z.output<Schema> } | { problems: ItemProblem[] } {
  const forbidden = mayHoldForbiddenText ? pathOfForbiddenText(item) : undefined;
  if (forbidden) return { problems: [invalidCharactersProblem(forbidden)] };
  const parsed = schema.safeParse(item);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => issueProblem(issue)) };
  const problem = check(parsed.data);
  return problem ? { problems: [problem] } : { data: parsed.data };
}

/**
 * Validates each item of a batch on its own: the valid ones go on, each invalid one is answered with its problems
 * and never holds back its neighbours.
 */
export function splitBatch<Schema extends z.ZodType>(
  items: unknown[],
  schema: Schema,
  check: (item: z.output<Schema>) => ItemProblem | undefined,
  idOf: (item: unknown) => string | undefined,
  /** False when the body's text cannot hold forbidden characters (the items then need no walk for them). */
  mayHoldForbiddenText = true,
) {
  const accepted: z.output<Schema>[] = [];
  const rejected: ItemRejection[] = [];
  items.forEach((item, index) => {
    const outcome = problemsOf(item, schema, check, mayHoldForbiddenText);
    if ('data' in outcome) {
      accepted.push(outcome.data);
      return;
    }
    const id = idOf(item);
    rejected.push({ index, ...(id ? { id } : {}), problems: outcome.problems });
  });
  return { accepted, rejected };
}
