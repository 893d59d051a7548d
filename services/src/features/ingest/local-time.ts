import { fringeOfHour } from '@nq/contracts';

interface LocalTime {
  hour: number;
  weekday: number;
  fringe: 0 | 1 | 2;
}

const quarterHourMs = 900_000;
/** Quarter-hours remembered per time zone (about a year of them): beyond that the memo starts again. */
const maxRemembered = 40_000;
const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const zones = new Map<string, { format: Intl.DateTimeFormat; byQuarterHour: Map<number, Readonly<LocalTime>> }>();

/**
 * Hour, weekday (1 Monday – 7 Sunday) and fringe of an instant in a time zone (docs/product/entities.md#value-lists).
 */
export function localTimeOf(instant: string, timeZone: string): Readonly<LocalTime> {
  let zone = zones.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' });
    zone = { format, byQuarterHour: new Map() };
    zones.set(timeZone, zone);
  }
  // Formatting is the costly part of ingest's enrichment. Every offset in use (and every change of one) falls on a
  // quarter-hour, so the local hour and weekday are those of the quarter-hour the instant lies in.
  const time = Date.parse(instant);
  const quarterHour = Math.floor(time / quarterHourMs);
  const known = zone.byQuarterHour.get(quarterHour);
  if (known) return known;
  const parts = zone.format.formatToParts(time);
  const hour = Number(parts.find((part) => part.type === 'hour')!.value);
  const weekday = weekdays[parts.find((part) => part.type === 'weekday')!.value]!;
  const local = Object.freeze({ hour, weekday, fringe: fringeOfHour(hour) });
  if (zone.byQuarterHour.size >= maxRemembered) zone.byQuarterHour.clear();
  zone.byQuarterHour.set(quarterHour, local);
  return local;
}
