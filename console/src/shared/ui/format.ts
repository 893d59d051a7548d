import { currentLanguage } from '../i18n/i18n.ts';

// The one way the console writes dates and times: in the interface language and in the time zone of the profile the
// user works under (Etc/UTC by default: docs/product/limits.md#defaults; `useDateFormat` gives both). Each helper
// answers '' for no value.

const format = (instant: string | number | undefined | null, options: Intl.DateTimeFormatOptions) =>
  instant === undefined || instant === null || instant === '' || Number.isNaN(new Date(instant).getTime())
    ? ''
    : new Intl.DateTimeFormat(currentLanguage(), options).format(new Date(instant));

/** An instant as a date and time ("2 Mar 2026, 10:00"). */
export const formatDateTime = (instant: string | number | undefined | null, timeZone: string) =>
  format(instant, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** The day an instant falls on ("2 Mar 2026"). */
export const formatDay = (instant: string | number | undefined | null, timeZone: string) =>
  format(instant, { dateStyle: 'medium', timeZone });

/** The time of day of an instant, with seconds ("10:00:05"): for something that changes within minutes. */
export const formatTime = (instant: string | number | undefined | null, timeZone: string) =>
  format(instant, { timeStyle: 'medium', timeZone });

/**
 * A calendar day without a time of its own (a date limit, a campaign's first day), kept as `YYYY-MM-DD` or the UTC
 * midnight the API stores it as: written as that day, which no time zone shifts.
 */
export const formatCalendarDay = (day: string | undefined | null) => formatDay(day, 'Etc/UTC');

/** Two days as one period ("2 Mar 2026 – 8 Mar 2026"). */
export const formatPeriod = (from: string, to: string, timeZone: string) =>
  `${formatDay(from, timeZone)} – ${formatDay(to, timeZone)}`;
