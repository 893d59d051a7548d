import { useTranslation } from 'react-i18next';
import { dismissToast, toastText, useToasts } from './toasts.ts';

const kindClass = {
  error: 'border-rose-300 bg-rose-50 text-rose-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-800',
} as const;

export function ToastViewport() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="fixed right-4 top-4 z-50 flex w-96 flex-col gap-2" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-toast-code={item.code}
          className={`flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm shadow ${kindClass[item.kind]}`}
        >
          <span>{toastText(item)}</span>
          <button type="button" aria-label={t('dismiss')} onClick={() => dismissToast(item.id)} className="opacity-60">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
