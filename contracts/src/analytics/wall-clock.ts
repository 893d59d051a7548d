// Wall clocks of IANA time zones, read with Intl: the server's date filters (whole days in the profile's time zone)
// and the console's time axes (ticks at the starts of days, months… in the profile's time zone) use the same ones.

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

/** What the wall clock of a time zone shows at an instant, as the instant it would be in UTC (whole seconds). */
export function wallClockAt(instant: number, timeZone: string): number {
  const part = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, Number(value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
}

/** How far ahead of UTC the wall clock of a time zone is at an instant, in milliseconds. */
const offsetAt = (instant: number, timeZone: string) =>
  wallClockAt(instant, timeZone) - (instant - (((instant % 1000) + 1000) % 1000));

/**
 * The instant at which the wall clock of `timeZone` shows a local date-time (given as if it were UTC). The second
 * pass corrects for an offset change between the guess and the answer; a local time skipped by a DST change lands
 * just after it.
 */
export function instantOfLocal(local: number, timeZone: string): number {
  const guess = local - offsetAt(local, timeZone);
  return local - offsetAt(guess, timeZone);
}
