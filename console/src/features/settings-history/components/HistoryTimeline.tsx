import type { AuditedKind, AuditNames, HistoryEntry } from '@nq/contracts/events/audit';
import { useTranslation } from 'react-i18next';
import { eventName } from '../../../shared/i18n/event-name.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useAuditTexts, useTimeZone } from './useAuditTexts.ts';
import { ValueLines } from './ValueLines.tsx';

/**
 * Each change, newest first: what happened, who (user and profile by name) and when, and every field it changed as
 * before → after, with the form's labels and readable values.
 */
export function HistoryTimeline({
  kind,
  history,
  names,
  onStateAt,
}: {
  kind: AuditedKind;
  history: readonly HistoryEntry[];
  names: AuditNames;
  onStateAt: (instant: string) => void;
}) {
  const { t } = useTranslation('settingsHistory');
  const texts = useAuditTexts(kind, names);
  const timeZone = useTimeZone();
  const changes = (entry: HistoryEntry) => entry.changes.filter(texts.shows);
  const actorName = (kindOfActor: 'user' | 'profile', id: string) =>
    names[kindOfActor]?.[id] ?? (id === 'system' ? t('system') : id);
  return (
    <ol className="space-y-4" aria-label={t('changes')}>
      {[...history].reverse().map((entry) => (
        <li
          key={entry.version}
          className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
          data-version={entry.version}
        >
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <span className="font-semibold text-gray-900">{t('version', { version: entry.version })}</span>
              <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">
                {t(`events.${eventName(kind, entry.type)}`, { defaultValue: t('events.Updated') })}
              </span>
            </div>
            <div className="text-xs text-gray-500">
              {t('by', {
                user: actorName('user', entry.actor.userId),
                profile: actorName('profile', entry.actor.profileId),
                when: formatDateTime(entry.recordedAt, timeZone),
              })}
            </div>
          </div>
          {changes(entry).length === 0 ? (
            <p className="text-sm text-gray-500">{t('noFieldChanges')}</p>
          ) : (
            <table className="min-w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-gray-500">
                  <th scope="col" className="w-1/5 py-1 pr-2 font-medium">
                    {t('field')}
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('before')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('after')}
                  </th>
                </tr>
              </thead>
              <tbody className="align-top">
                {changes(entry).map((change) => (
                  <tr key={change.field} className="border-t border-gray-100">
                    <th scope="row" className="py-1 pr-2 text-left font-medium text-gray-700">
                      {texts.changeLabel(change)}
                    </th>
                    <td className="py-1 pr-2">
                      <ValueLines
                        lines={texts.lines(change.field, change.before)}
                        className="bg-rose-50 text-rose-800"
                      />
                    </td>
                    <td className="py-1">
                      <ValueLines
                        lines={texts.lines(change.field, change.after)}
                        className="bg-emerald-50 text-emerald-800"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="mt-2">
            <Button variant="ghost" onClick={() => onStateAt(entry.recordedAt)}>
              {t('stateAfter')}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
