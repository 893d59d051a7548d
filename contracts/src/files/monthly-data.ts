import { z } from 'zod';
import { instantOfLocal, wallClockAt } from '../analytics/wall-clock.ts';
import { catalogueError, type HttpErrorCode, type MessageParams } from '../errors/index.ts';
import { fileRecordSchema } from './file-record.ts';

// `POST /api/sutel-backend/data/generate/{year}/{month}` (docs/product/api.md#files): a month's measurements for the
// regulator, made by a job into a File record. The rule on which months may be asked is shared by the API (it refuses)
// and the console (it disables them).

export const monthlyDataYears = { min: 2000, max: 2100 } as const;

const wholeNumberIn = (min: number, max: number) => {
  const error = catalogueError('validation.outOfRange', { min, max });
  return z.coerce
    .number({ error: 'validation.invalidNumber' })
    .int('validation.invalidNumber')
    .min(min, { error })
    .max(max, { error });
};

export const monthlyDataParamsSchema = z.object({
  year: wholeNumberIn(monthlyDataYears.min, monthlyDataYears.max),
  month: wholeNumberIn(1, 12).describe('1 (January) to 12 (December)'),
});
export type CalendarMonth = z.output<typeof monthlyDataParamsSchema>;

/** What it answers (202): the File record (a zip) the job writes, in progress; its status is followed on the files. */
export const monthlyDataAnswerSchema = z.object({ file: fileRecordSchema });
export type MonthlyDataAnswer = z.output<typeof monthlyDataAnswerSchema>;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `2026-10`. */
export const monthLabel = ({ year, month }: CalendarMonth) => `${year}-${twoDigits(month)}`;

/** The month's days in a time zone: its first and last dates, and the instants (ISO, UTC) it starts and ends. */
export function monthWindow(asked: CalendarMonth, timeZone: string) {
  const { year, month } = asked;
  const nextMonthStart = Date.UTC(year, month, 1);
  const lastDay = new Date(nextMonthStart - 1).getUTCDate();
  return {
    firstDate: `${monthLabel(asked)}-01`,
    lastDate: `${monthLabel(asked)}-${twoDigits(lastDay)}`,
    from: new Date(instantOfLocal(Date.UTC(year, month - 1, 1), timeZone)).toISOString(),
    // The last millisecond of its last day, as the date filters end a day.
    to: new Date(instantOfLocal(nextMonthStart - 1, timeZone)).toISOString(),
  };
}

/** The month before the one the wall clock of the time zone shows at `now`. */
export function previousMonth(now: Date, timeZone: string): CalendarMonth {
  const local = new Date(wallClockAt(now.getTime(), timeZone));
  const month = local.getUTCMonth();
  return month === 0 ? { year: local.getUTCFullYear() - 1, month: 12 } : { year: local.getUTCFullYear(), month };
}

export interface MonthlyDataProfile {
  timeZone: string;
  tsStart?: string | undefined;
  tsEnd?: string | undefined;
}

/**
 * Why the month's data cannot be generated now under the profile: a month not started or not over (in its time zone),
 * or one reaching outside its dates (docs/product/roles.md#data-restrictions: requests outside the date limits are
 * refused); undefined when it can.
 */
export function monthlyDataRefusal(
  asked: CalendarMonth,
  profile: MonthlyDataProfile,
  now: Date,
): { code: HttpErrorCode; params: MessageParams } | undefined {
  const { from, to } = monthWindow(asked, profile.timeZone);
  const month = monthLabel(asked);
  if (Date.parse(from) > now.getTime()) return { code: 'monthlyData.futureMonth', params: { month } };
  if (Date.parse(to) >= now.getTime()) return { code: 'monthlyData.monthNotOver', params: { month } };
  const startsBefore = profile.tsStart !== undefined && Date.parse(from) < Date.parse(profile.tsStart);
  const endsAfter = profile.tsEnd !== undefined && Date.parse(to) > Date.parse(profile.tsEnd);
  if (startsBefore || endsAfter) return { code: 'profiles.outOfDateLimits', params: {} };
  return undefined;
}
