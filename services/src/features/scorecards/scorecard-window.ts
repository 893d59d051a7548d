import { type DataWindow, DomainError, splitWindowInterval } from '@nq/contracts';
import { type AnalyticsScope, endOf, startOf } from '../analytics/index.ts';
import { refuseOutsideDates } from '../identity/index.ts';

// The data windows of a scorecard calculation as absolute instants, so that an answer can be asked for again. Dates
// are whole days in the profile's time zone. A window asked for outside the profile's dates is refused
// (`scorecards.outOfProfileDateLimits`); the default one is kept within them instead.

export const defaultWindowDays = 30;
const dayMs = 86_400_000;
const iso = (instant: number) => new Date(instant).toISOString();

/** Inclusive ends in order, within the profile's dates. */
function checked(window: DataWindow, scope: AnalyticsScope, field: string): DataWindow {
  if (Date.parse(window.to) < Date.parse(window.from))
    throw new DomainError('validation.endBeforeStart', { details: { field, from: window.from, to: window.to } });
  refuseOutsideDates(scope, window.from, window.to, 'scorecards.outOfProfileDateLimits');
  return window;
}

/**
 * The live window: `from` to `to` as asked; without `to`, now (or the end of the profile's dates, if earlier);
 * without `from`, 30 days before the end (or the start of the profile's dates, if later).
 */
export function liveWindow(
  asked: { from?: string; to?: string },
  { now, scope }: { now: Date; scope: AnalyticsScope },
): DataWindow {
  const timeZone = scope.timeZone ?? 'Etc/UTC';
  const profileEnd = scope.to ? Date.parse(scope.to) : Number.POSITIVE_INFINITY;
  const to = asked.to ? endOf(asked.to, timeZone) : iso(Math.min(now.getTime(), profileEnd));
  const profileStart = scope.from ? Date.parse(scope.from) : Number.NEGATIVE_INFINITY;
  const from = asked.from
    ? startOf(asked.from, timeZone)
    : iso(Math.max(Date.parse(to) - defaultWindowDays * dayMs, profileStart));
  return checked({ from, to, timeZone }, scope, asked.from && !asked.to ? 'from' : 'to');
}

/** The comparison window: an interval `<from>/<to>`, or `previous`, as long as the live one and just before it. */
export function comparisonWindow(compare: string, live: DataWindow, scope: AnalyticsScope): DataWindow {
  const { timeZone } = live;
  if (compare === 'previous') {
    const to = Date.parse(live.from) - 1;
    return checked(
      { from: iso(to - (Date.parse(live.to) - Date.parse(live.from))), to: iso(to), timeZone },
      scope,
      'compare',
    );
  }
  const { from, to } = splitWindowInterval(compare);
  return checked({ from: startOf(from, timeZone), to: endOf(to, timeZone), timeZone }, scope, 'compare');
}
