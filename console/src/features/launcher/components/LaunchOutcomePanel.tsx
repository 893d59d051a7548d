import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';

interface Outcome {
  request?: unknown;
  launched: readonly string[];
  kept: readonly string[];
  failed: readonly { probeId: string; code: string }[];
}

/** How the last launch went: where it started, where the measurement in progress was kept, where it failed. */
export function LaunchOutcomePanel({ context }: { context: Outcome }) {
  const { t } = useTranslation('launcher');
  if (!context.request) return null;
  return (
    <div className="space-y-2" data-testid="launch-outcome">
      {context.launched.length > 0 && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {t('launchedOn', { probes: context.launched.join(', ') })}
        </p>
      )}
      {context.kept.length > 0 && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('keptOn', { probes: context.kept.join(', ') })}
        </p>
      )}
      {context.failed.length > 0 && (
        <ul role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {context.failed.map((failure) => (
            <li key={failure.probeId}>
              <span className="font-mono">{failure.probeId}</span>: {errorMessage(failure.code)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
