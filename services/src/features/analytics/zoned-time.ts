import { instantOfLocal } from '@nq/contracts';

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Date filters (docs/product/limits.md#times): a date starts at 00:00:00 in the time zone; an instant stays as given.
 */
export function startOf(dateOrInstant: string, timeZone: string): string {
  if (!isDateOnly(dateOrInstant)) return new Date(dateOrInstant).toISOString();
  return new Date(instantOfLocal(Date.parse(dateOrInstant), timeZone)).toISOString();
}

/**
 * Date filters (docs/product/limits.md#times): a date ends at 23:59:59 (to the last millisecond) in the time zone; an
 * instant stays.
 */
export function endOf(dateOrInstant: string, timeZone: string): string {
  if (!isDateOnly(dateOrInstant)) return new Date(dateOrInstant).toISOString();
  const lastMillisecond = Date.parse(dateOrInstant) + 86_400_000 - 1;
  return new Date(instantOfLocal(lastMillisecond, timeZone)).toISOString();
}
