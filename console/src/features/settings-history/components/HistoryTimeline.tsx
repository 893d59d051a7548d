import type { HistoryEntry } from '@nq/contracts/events/audit';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { valueText } from './value-text.ts';

/** Each change, newest first: who and when, and every field it changed as before → after. */
export function HistoryTimeline({
  history,
  onStateAt,
}: {
  history: readonly HistoryEntry[];
  onStateAt: (instant: string) => void;
}) {
  const { t } = useTranslation('settingsHistory');
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
              <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700">
                {entry.type}
              </span>
            </div>
            <div className="text-xs text-gray-500">
              {t('by', {
                user: entry.actor.userId,
                profile: entry.actor.profileId,
                when: formatDateTime(entry.recordedAt),
              })}
            </div>
          </div>
          {entry.changes.length === 0 ? (
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
                {entry.changes.map((change) => (
                  <tr key={change.field} className="border-t border-gray-100">
                    <th scope="row" className="py-1 pr-2 text-left font-medium text-gray-700">
                      {change.field}
                    </th>
                    <td className="py-1 pr-2">
                      <pre className="whitespace-pre-wrap break-all rounded bg-rose-50 px-1.5 py-0.5 font-mono text-xs text-rose-800">
                        {valueText(change.before)}
                      </pre>
                    </td>
                    <td className="py-1">
                      <pre className="whitespace-pre-wrap break-all rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs text-emerald-800">
                        {valueText(change.after)}
                      </pre>
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
