import type { AuditedKind, AuditNames } from '@nq/contracts/events/audit';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../shared/api/profile.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { auditTexts, textLookupOf } from '../model/audit-texts.ts';

export { useTimeZone };

/** Labels and value lines of a kind's fields in the interface language, ids named from the audit answer's names. */
export function useAuditTexts(kind: AuditedKind, names: AuditNames) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const language = currentLanguage();
  return useMemo(
    () => auditTexts({ kind, language, timeZone, names, text: textLookupOf(i18n) }),
    [kind, language, timeZone, names, i18n],
  );
}
