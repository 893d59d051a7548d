import type { z } from 'zod';
import { fieldProblem } from '../../platform/entities/validation-error.ts';

export interface ItemRejection {
  index: number;
  id?: string;
  problems: { field: string; code?: string; message: string }[];
}

/**
 * Validates each item of a batch on its own: the valid ones go on, each invalid one is answered with its problems
 * and never holds back its neighbours.
 */
export function splitBatch<Schema extends z.ZodType>(
  items: unknown[],
  schema: Schema,
  check: (item: z.output<Schema>) => { field: string; code: string; message: string } | undefined,
  idOf: (item: unknown) => string | undefined,
) {
  const accepted: z.output<Schema>[] = [];
  const rejected: ItemRejection[] = [];
  items.forEach((item, index) => {
    const parsed = schema.safeParse(item);
    const problem = parsed.success ? check(parsed.data) : undefined;
    if (parsed.success && !problem) {
      accepted.push(parsed.data);
      return;
    }
    const id = idOf(item);
    rejected.push({
      index,
      ...(id ? { id } : {}),
      problems: parsed.success
        ? [problem!]
        : parsed.error.issues.map((issue) => fieldProblem(issue.path as PropertyKey[], issue.message)),
    });
  });
  return { accepted, rejected };
}
