import type { Granularity } from '@nq/contracts/analytics/query-ir';
import { instantOfLocal, wallClockAt } from '@nq/contracts/analytics/wall-clock';

/** The granularities whose buckets are periods of time (the others are weekdays, or everything in one). */
export type TimeGranularity = Exclude<Granularity, 'weekday' | 'no_granularity'>;
export const isTimeGranularity = (granularity: Granularity): granularity is TimeGranularity =>
  granularity !== 'weekday' && granularity !== 'no_granularity';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The longest a bucket of each granularity lasts (a DST day, a 31-day month…). Two buckets further apart than this
 * are not neighbours: a bucket between them is missing, and the chart shows a gap there.
 */
export const longestBucket: Record<TimeGranularity, number> = {
  minutes: minute,
  hours: hour,
  day: day + hour,
  week: 7 * day + hour,
  month: 31 * day + hour,
  quarter: 92 * day + hour,
  year: 366 * day + hour,
};

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
interface Step {
  unit: Unit;
  count: number;
}
const approximate: Record<Unit, number> = {
  minute,
  hour,
  day,
  week: 7 * day,
  month: 30.44 * day,
  year: 365.25 * day,
};
const steps: Step[] = [
  ...[1, 5, 15, 30].map((count) => ({ unit: 'minute' as const, count })),
  ...[1, 3, 6, 12].map((count) => ({ unit: 'hour' as const, count })),
  ...[1, 2].map((count) => ({ unit: 'day' as const, count })),
  ...[1, 2].map((count) => ({ unit: 'week' as const, count })),
  ...[1, 2, 3, 6].map((count) => ({ unit: 'month' as const, count })),
  ...[1, 2, 5, 10, 20, 50, 100].map((count) => ({ unit: 'year' as const, count })),
];
/** Ticks are never closer than a bucket: the first step at least about as long as one (a 31-day month ≈ a month). */
const finestStep = (bucketLength: number) =>
  Math.max(
    0,
    steps.findIndex((step) => approximate[step.unit] * step.count >= bucketLength * 0.9),
  );

/** The first wall-clock time (as if UTC) at or after `local` that starts a step: 00:00 of a Monday, of a quarter… */
function firstStart(local: number, { unit, count }: Step): number {
  const date = new Date(local);
  const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  let start: number;
  if (unit === 'minute') start = Math.floor(local / (count * minute)) * count * minute;
  else if (unit === 'hour') start = Date.UTC(year, month, dayOfMonth, Math.floor(date.getUTCHours() / count) * count);
  else if (unit === 'day') start = Date.UTC(year, month, dayOfMonth);
  else if (unit === 'week') start = Date.UTC(year, month, dayOfMonth - ((date.getUTCDay() + 6) % 7));
  else if (unit === 'month') start = Date.UTC(year, Math.floor(month / count) * count);
  else start = Date.UTC(Math.floor(year / count) * count, 0);
  return start < local ? next(start, { unit, count }) : start;
}

/** The wall-clock start of the step after the one starting at `local`. */
function next(local: number, { unit, count }: Step): number {
  const date = new Date(local);
  if (unit === 'minute' || unit === 'hour') return local + count * approximate[unit];
  const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  if (unit === 'day') return Date.UTC(year, month, dayOfMonth + count);
  if (unit === 'week') return Date.UTC(year, month, dayOfMonth + 7 * count);
  if (unit === 'month') return Date.UTC(year, month + count);
  return Date.UTC(year + count, 0);
}

const labelOptions = (unit: Unit, spansYears: boolean): Intl.DateTimeFormatOptions =>
  unit === 'minute' || unit === 'hour'
    ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
    : unit === 'day' || unit === 'week'
      ? { month: 'short', day: 'numeric', ...(spansYears ? { year: 'numeric' } : {}) }
      : unit === 'month'
        ? { month: 'short', year: 'numeric' }
        : { year: 'numeric' };

export interface TimeAxis {
  /** The instants the axis spans (ms), half a bucket beyond the first and last buckets. */
  domain: [number, number];
  /** Instants at the starts of days, weeks, months… of the time zone, spread across the domain. */
  ticks: number[];
  /** A tick as the user reads it, in their language and the time zone. */
  label: (instant: number) => string;
}

/** About how wide a label of `characters` is at the axis' 12 px font, with the gap it keeps from its neighbour (px). */
const labelWidth = (characters: number) => characters * 7 + 16;

/**
 * A time axis over bucket starts: the finest calendar periods (in `timeZone`) no finer than a bucket (`bucketLength`,
 * ms) whose ticks are at most `maxTicks` and, when the axis' `width` (px) is known, whose labels fit in it side by
 * side — day-month labels over weeks of days, "Apr 2024", "Jul 2024"… over months. Labelled in `language`; `within`
 * narrows the ticks to a zoomed part of the domain.
 */
export function timeAxis(
  instants: readonly number[],
  bucketLength: number,
  {
    language,
    timeZone,
    maxTicks = 7,
    width,
    within,
    overhang = 8,
  }: {
    language: string;
    timeZone?: string | undefined;
    maxTicks?: number;
    width?: number | undefined;
    within?: [number, number] | undefined;
    /** How far (px) a label may reach beyond an end of the axis, into the chart's margin. */
    overhang?: number;
  },
): TimeAxis {
  const half = bucketLength / 2;
  const domain: [number, number] = [Math.min(...instants) - half, Math.max(...instants) + half];
  const [from, to] = within ?? domain;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const spansYears =
    new Date(wallClockAt(from, zone)).getUTCFullYear() !== new Date(wallClockAt(to, zone)).getUTCFullYear();
  const ticksOf = (step: Step) => {
    const ticks: number[] = [];
    for (let local = firstStart(wallClockAt(from, zone), step); ; local = next(local, step)) {
      const instant = instantOfLocal(local, zone);
      if (instant > to) break;
      if (instant >= from) ticks.push(instant);
    }
    return ticks;
  };
  const formatOf = (step: Step) =>
    new Intl.DateTimeFormat(language, { ...labelOptions(step.unit, spansYears), timeZone: zone });
  /** A step's ticks and labels, without those whose label, centred on its tick, the chart's edge would cut off. */
  const axisOf = (step: Step) => {
    const format = formatOf(step);
    const label = (instant: number) => format.format(new Date(instant));
    const reach = (tick: number) => labelWidth(label(tick).length) / 2 - 8 - overhang;
    const inside = (tick: number) =>
      width === undefined || (Math.min(tick - from, to - tick) / (to - from)) * width >= reach(tick);
    const ticks = ticksOf(step);
    const shown = ticks.filter(inside);
    return { ticks: shown.length > 0 ? shown : ticks, label };
  };
  const fits = (step: Step) => {
    // Counting by the step's length first keeps the fine steps of a long axis from listing thousands of ticks.
    if (to - from > (maxTicks + 1) * approximate[step.unit] * step.count) return false;
    const { ticks, label } = axisOf(step);
    if (ticks.length > maxTicks) return false;
    if (width === undefined) return true;
    const widest = Math.max(0, ...ticks.map((tick) => label(tick).length));
    return ticks.length * labelWidth(widest) <= width;
  };
  const candidates = steps.slice(finestStep(bucketLength));
  // Too narrow for any label to fit: as few ticks as the count allows, still some.
  const step =
    candidates.find(fits) ?? candidates.find((candidate) => ticksOf(candidate).length <= maxTicks) ?? steps.at(-1)!;
  return { domain, ...axisOf(step) };
}
