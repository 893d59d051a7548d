import { useSyncExternalStore } from 'react';
import { isApiError } from '../api/api-error.ts';
import { errorMessage } from '../i18n/i18n.ts';

export type ToastKind = 'error' | 'warning' | 'success';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** A catalogue code (translated when shown, so a language switch applies) or a ready text. */
  code?: string;
  text?: string;
  params?: Record<string, string | number>;
}

// The destinations error and warning stay 10 s; other toasts 5 s (docs/product/limits.md#times).
const LONG_TOAST_CODES = new Set(['destinations.noTargets', 'destinations.someProgramsWithoutTargets']);
export const toastDurationMs = (code: string | undefined) => (code && LONG_TOAST_CODES.has(code) ? 10_000 : 5_000);

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Toast[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

export function dismissToast(id: number) {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** Every toast gone at once (a test starts without the previous test's). */
export const dismissAllToasts = () => publish([]);

export function showToast(toast: Omit<Toast, 'id'>) {
  const id = nextId++;
  // The same message twice in a row (several queries failing alike) shows once.
  if (toasts.some((shown) => shown.code === toast.code && shown.text === toast.text && shown.kind === toast.kind))
    return;
  publish([...toasts, { ...toast, id }]);
  setTimeout(() => dismissToast(id), toastDurationMs(toast.code));
}

export const toast = {
  error: (codeOrError: unknown, fallbackCode = 'generic.error') => {
    if (isApiError(codeOrError))
      return showToast({
        kind: 'error',
        code: codeOrError.code,
        ...(codeOrError.params ? { params: codeOrError.params } : {}),
      });
    showToast({ kind: 'error', code: typeof codeOrError === 'string' ? codeOrError : fallbackCode });
  },
  warning: (code: string, params?: Record<string, string | number>) =>
    showToast({ kind: 'warning', code, ...(params ? { params } : {}) }),
  success: (text: string) => showToast({ kind: 'success', text }),
};

export const toastText = (item: Toast) => item.text ?? errorMessage(item.code ?? 'generic.error', item.params);

export const useToasts = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
