import type { ErrorCode, MessageParams } from './codes.ts';

/** What a zod issue (or fastify-type-provider-zod's copy of one in `params`) tells about the rule it breaks. */
export interface IssueFacts {
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  params?: unknown;
}

/** A bound as a message shows it: a number (a length, a count, a size in bytes, a value), a bigint's digits, a date. */
function bound(value: unknown, origin: unknown): string | number | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'number') return undefined;
  return origin === 'date' ? new Date(value).toISOString() : value;
}

const isParam = (entry: [string, unknown]): entry is [string, string | number] =>
  typeof entry[1] === 'string' || typeof entry[1] === 'number';

/**
 * The params a catalogue message needs from a zod issue: the bound of a too_big or too_small issue, whatever its
 * origin (string, array, set, number, bigint, date, file), as `max` or `min`, and the params a rule attached to it
 * (a custom issue's, or `catalogueError`'s).
 */
export function issueParams(issue: IssueFacts): MessageParams {
  const min = bound(issue.minimum, issue.origin);
  const max = bound(issue.maximum, issue.origin);
  const attached =
    typeof issue.params === 'object' && issue.params !== null
      ? Object.fromEntries(Object.entries(issue.params).filter(isParam))
      : {};
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...attached };
}

/**
 * A schema check's error naming a catalogue code whose message needs params its issue does not carry (a range's
 * other bound). zod copies the raw issue's own keys into the issue it reports after asking for its message.
 */
export const catalogueError =
  (code: ErrorCode, params: MessageParams) =>
  (issue: Record<string, unknown>): ErrorCode => {
    issue.params = params;
    return code;
  };
