const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** How far ahead of UTC the wall clock of a time zone is at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const part = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, Number(value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wallClock = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wallClock - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant at which the wall clock of `timeZone` shows a local date-time (given as if it were UTC). The second
 * pass corrects for an offset change between the guess and the answer; a local time skipped by a DST change lands
 * just after it.
 */
function instantOfLocal(local: number, timeZone: string): number {
  const guess = local - offsetAt(local, timeZone);
  return local - offsetAt(guess, timeZone);
}

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Spec §9 date filters: a date starts at 00:00:00 in the time zone; an instant stays as given. */
export function startOf(dateOrInstant: string, timeZone: string): string {
  if (!isDateOnly(dateOrInstant)) return new Date(dateOrInstant).toISOString();
  return new Date(instantOfLocal(Date.parse(dateOrInstant), timeZone)).toISOString();
}

/** Spec §9 date filters: a date ends at 23:59:59 (to the last millisecond) in the time zone; an instant stays. */
export function endOf(dateOrInstant: string, timeZone: string): string {
  if (!isDateOnly(dateOrInstant)) return new Date(dateOrInstant).toISOString();
  const lastMillisecond = Date.parse(dateOrInstant) + 86_400_000 - 1;
  return new Date(instantOfLocal(lastMillisecond, timeZone)).toISOString();
}
