import { type NarrowedBy, narrowingParts, narrowingSeparator } from '@nq/contracts/analytics/narrowing';
import { useTranslation } from 'react-i18next';

/**
 * What the caller's profile narrowed an answer by, in words and in the interface language ("Computed over your
 * profile: Movistar · 4G, 5G"), so that a figure smaller than a colleague's for the same request explains itself;
 * nothing when the profile narrowed nothing.
 */
export function NarrowedByNote({
  narrowedBy,
  className = '',
  oneLine = false,
}: {
  narrowedBy: NarrowedBy | undefined;
  className?: string;
  /** Where room is short (a dashboard tile): one line, cut with an ellipsis, the whole text on hover and to readers. */
  oneLine?: boolean;
}) {
  const { t, i18n } = useTranslation('charts');
  if (!narrowedBy) return null;
  const parts = narrowingParts(narrowedBy, ({ from, to, timeZone }) => {
    const day = (at: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone }).format(new Date(at));
    if (from && to) return t('narrowedBetween', { from: day(from), to: day(to) });
    return from ? t('narrowedFrom', { from: day(from) }) : t('narrowedUntil', { to: day(to!) });
  });
  // A span (a block) so that it may stand in a table cell's or a label's inline content too.
  const text = t('narrowedBy', { parts: parts.join(narrowingSeparator) });
  return (
    <span
      role="note"
      title={oneLine ? text : undefined}
      className={`block text-xs text-amber-800 ${oneLine ? 'truncate' : ''} ${className}`}
    >
      {text}
    </span>
  );
}
