import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../api/profile.ts';
import { formatDateTime, formatDay, formatPeriod, formatTime } from './format.ts';

type Instant = string | number | undefined | null;

/**
 * The shared date formats bound to the profile's time zone; a screen that uses them is drawn again when the
 * interface language or the profile changes.
 */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const language = i18n.language;
  return useMemo(
    () => ({
      timeZone,
      language,
      dateTime: (instant: Instant) => formatDateTime(instant, timeZone),
      day: (instant: Instant) => formatDay(instant, timeZone),
      time: (instant: Instant) => formatTime(instant, timeZone),
      period: (from: string, to: string) => formatPeriod(from, to, timeZone),
    }),
    [timeZone, language],
  );
}
