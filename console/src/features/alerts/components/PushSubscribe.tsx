import type { ErrorCode } from '@nq/contracts/errors/index';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { showToast } from '../../../shared/ui/toasts.ts';
import { type BrowserPushState, browserPushState, turnBrowserPushOff, turnBrowserPushOn } from '../api/browser-push.ts';

/**
 * Alert push notifications (docs/product/entities.md#alert): "Notify me in this browser" asks the browser's permission
 * and subscribes it, so the alerts of the user's profile (those with push on) show as notifications even with the
 * console closed.
 */
export function PushSubscribe() {
  const { t } = useTranslation('push');
  const [state, setState] = useState<BrowserPushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let shown = true;
    browserPushState().then(
      (found) => shown && setState(found),
      () => shown && setState('off'),
    );
    return () => {
      shown = false;
    };
  }, []);

  async function change(turn: () => Promise<BrowserPushState>, failure: ErrorCode) {
    setBusy(true);
    setProblem(undefined);
    try {
      const reached = await turn();
      setState(reached);
      if (turn === turnBrowserPushOn && reached === 'off') setProblem(t('notAllowed'));
      if (reached === 'on') showToast({ kind: 'success', text: t('turnedOn') });
      if (turn === turnBrowserPushOff) showToast({ kind: 'success', text: t('turnedOff') });
    } catch (error) {
      setProblem(isApiError(error) && error.status !== 500 ? error.localized : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (state === 'checking') return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      {state === 'unsupported' && <p className="text-gray-500">{t('unsupported')}</p>}
      {state === 'denied' && <p className="text-amber-700">{t('denied')}</p>}
      {state === 'off' && (
        <Button variant="secondary" busy={busy} onClick={() => change(turnBrowserPushOn, 'push.subscribeFailed')}>
          {t('turnOn')}
        </Button>
      )}
      {state === 'on' && (
        <>
          <p className="text-gray-700">{t('on')}</p>
          <Button variant="ghost" busy={busy} onClick={() => change(turnBrowserPushOff, 'push.unsubscribeFailed')}>
            {t('turnOff')}
          </Button>
        </>
      )}
      {problem && (
        <p role="alert" className="text-rose-700">
          {problem}
        </p>
      )}
    </div>
  );
}
