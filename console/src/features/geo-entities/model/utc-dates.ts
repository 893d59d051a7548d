// Campaign limit calendars use UTC; date filters start at 00:00:00 and end at 23:59:59 (docs/product/limits.md#times).
// Date inputs hold `YYYY-MM-DD`; the API takes and answers UTC instants.

/** The UTC day of an instant, as a date input shows it ('' when there is none). */
export const dayOf = (instant: string | undefined | null) =>
  instant && !Number.isNaN(Date.parse(instant)) ? new Date(instant).toISOString().slice(0, 10) : '';

/** The first instant of a UTC day; undefined for an empty input. */
export const startOfDay = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);

/** The last second of a UTC day (docs/product/limits.md#times: "end 23:59:59"); undefined for an empty input. */
export const endOfDay = (day: string) => (day ? `${day}T23:59:59.000Z` : undefined);

/** Whether an end day comes before a start day (both filled). */
export const endsBeforeStart = (start: string, end: string) => Boolean(start && end && end < start);
