import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export function PageHeader({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        {children}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-gray-500">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-blue-500 border-t-transparent" />
      {label}
    </div>
  );
}

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center" data-testid="loading-screen">
      <Spinner label={t('loadingProfile')} />
    </div>
  );
}

/** Generic screen (docs/product/errors.md): something failed that a refresh should mend. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center p-6" data-testid="error-screen">
      <div className="max-w-md rounded-lg border bg-white p-6 text-center shadow-sm">
        <h1 className="mb-2 text-lg font-semibold">{t('errorTitle')}</h1>
        <p className="mb-4 text-sm text-gray-600">{t('errorBody')}</p>
        <Button onClick={() => window.location.reload()}>{t('refresh')}</Button>
      </div>
    </div>
  );
}

export function MessagePanel({ title, body, testId }: { title: ReactNode; body: ReactNode; testId?: string }) {
  return (
    <div className="mx-auto mt-16 max-w-lg rounded-lg border bg-white p-6 text-center shadow-sm" data-testid={testId}>
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      <p className="text-sm text-gray-600">{body}</p>
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${className}`}>{children}</section>
  );
}

/** The message above a form that the server (or a rule) refused as a whole. */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={`rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700 ${className}`}
      data-testid="form-error"
    >
      {children}
    </p>
  );
}
