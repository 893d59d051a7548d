/** The oldest month kept (`YYYY-MM`, UTC): the current one and the `months` before it are kept whole. */
export function firstMonthKept(now: Date, months: number): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 7);
}

/**
 * When a month's measurements fall out of a retention of `months` (UTC): the first instant of the month from which
 * that month is no longer among the current one and the `months` before it. Elasticsearch's lifecycle deletes the
 * month's index from then on (its origination date, with a delete phase at age 0).
 */
export function monthLeavesRetention(month: string, months: number): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + months + 1, 1));
}

/** What applying a retention did: months deleted now, or their deletion handed to the store's own lifecycle. */
export type RetentionOutcome =
  | { months: string[]; measurements: number }
  | { lifecycle: 'ilm'; policy: string; indices: number };
