import { currentLanguage } from '../../../shared/i18n/i18n.ts';

/** A number as the interface language writes it, with at most `digits` decimals. */
export const formatNumber = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(value);
