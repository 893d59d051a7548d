import { currentLanguage } from '../i18n/i18n.ts';

/** A date and time in the interface language, in a time zone when given (empty when there is none). */
export const formatDateTime = (iso: string | undefined | null, timeZone?: string) =>
  iso
    ? new Intl.DateTimeFormat(currentLanguage(), {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      }).format(new Date(iso))
    : '';
