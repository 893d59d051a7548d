import { fringeOfHour } from '@nq/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();
const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Hour, weekday (1 Monday – 7 Sunday) and fringe of an instant in a time zone (spec §3). */
export function localTimeOf(instant: string, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const hour = Number(parts.find((part) => part.type === 'hour')!.value);
  const weekday = weekdays[parts.find((part) => part.type === 'weekday')!.value]!;
  return { hour, weekday, fringe: fringeOfHour(hour) };
}
