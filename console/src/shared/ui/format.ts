import { currentLanguage } from '../i18n/i18n.ts';

/** A date and time in the interface language (empty when there is none). */
export const formatDateTime = (iso: string | undefined | null) =>
  iso
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    : '';
