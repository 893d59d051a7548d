/** The wall-clock parts of an instant in a time zone, as the UTC milliseconds of that wall clock. */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** A `datetime-local` input's value (minutes) for an instant, as the clock reads in a time zone. */
export const toZonedInput = (iso: string, timeZone: string) =>
  new Date(wallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);

/** The instant a `datetime-local` value names in a time zone (undefined when empty). */
export function fromZonedInput(value: string, timeZone: string): string | undefined {
  if (!value) return undefined;
  const wall = Date.parse(`${value}Z`);
  if (Number.isNaN(wall)) return undefined;
  // The zone's offset at the guessed instant, corrected once for a daylight-saving change in between.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return new Date(instant).toISOString();
}
