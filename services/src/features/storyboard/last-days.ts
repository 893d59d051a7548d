import { DomainError, wallClockAt } from '@nq/contracts';
import { type AnalyticsScope, endOf, startOf } from '../analytics/index.ts';

const dayMs = 86_400_000;
const dateOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** A selection as the evolution screen takes it: dates (whole days in `timeZone`), or instants at the profile's limits. */
export interface DaysSelection {
  tsStart: string;
  tsEnd: string;
  timeZone: string;
}

/**
 * The last `days` days up to today in the profile's time zone, as dates so that each day is whole and the evolution
 * screen reads the same selection; an end where the profile's dates end, and a start where they start, when those
 * fall inside (a query reaching outside the profile's dates is refused). A profile whose dates begin later has none:
 * `profiles.outOfDateLimits`.
 */
export function lastDays(days: number, now: Date, scope: AnalyticsScope): DaysSelection {
  const timeZone = scope.timeZone ?? 'Etc/UTC';
  const profileEnd = scope.to ? Date.parse(scope.to) : Number.POSITIVE_INFINITY;
  const endsWithProfile = profileEnd < now.getTime();
  const lastDay = dateOf(wallClockAt(endsWithProfile ? profileEnd : now.getTime(), timeZone));
  const firstDay = dateOf(Date.parse(lastDay) - (days - 1) * dayMs);
  const tsEnd = Date.parse(endOf(lastDay, timeZone)) > profileEnd ? scope.to! : lastDay;
  const tsStart =
    scope.from && Date.parse(startOf(firstDay, timeZone)) < Date.parse(scope.from) ? scope.from : firstDay;
  if (Date.parse(startOf(tsStart, timeZone)) > Date.parse(endOf(tsEnd, timeZone)))
    throw new DomainError('profiles.outOfDateLimits', { details: { from: scope.from, to: scope.to } });
  return { tsStart, tsEnd, timeZone };
}
