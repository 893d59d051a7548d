import { currentLanguage } from '../../../shared/i18n/i18n.ts';

/** A number as the interface language writes it, with at most `digits` decimals. */
export const formatNumber = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(value);

/** A day as the interface language writes it, in the profile's time zone. */
export const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone }).format(new Date(iso));
