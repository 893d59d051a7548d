import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { formatPeriod } from '../../../shared/ui/format.ts';

/** A calendar day as the date pickers write it (not an instant). */
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone: what the date pickers and the API take. */
export const dayIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

/** A data window as the interface language writes dates, in the window's time zone. */
export const windowText = (window: { from: string; to: string; timeZone: string }) =>
  formatPeriod(window.from, window.to, window.timeZone);

/** Numbers as the interface language writes them: scores with up to two decimals. */
export const numberText = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(value);

/** A signed difference (+1.5, −0.3). */
export const differenceText = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(value);
