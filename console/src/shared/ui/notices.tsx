import { errorMessage } from '../i18n/i18n.ts';

export interface Notice {
  code: string;
  params?: Record<string, string | number>;
  detail?: string;
}

/** Catalogue warnings shown on the page (in the interface language, from their codes). */
export function Notices({ notices }: { notices: readonly Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="space-y-2">
      {notices.map((notice) => (
        <p
          key={notice.code}
          role="status"
          data-notice-code={notice.code}
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {errorMessage(notice.code, notice.params)}
          {notice.detail && <span className="ml-1 text-amber-700">{notice.detail}</span>}
        </p>
      ))}
    </div>
  );
}

/** A catalogue error in place of the page's content, with a retry. */
export function ErrorNotice({
  code,
  params,
  onRetry,
  retryLabel,
}: {
  code: string;
  /** The values of the message's placeholders (`{max}`), as the server filled them. */
  params?: Record<string, string | number> | undefined;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      data-error-code={code}
      className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800"
    >
      {errorMessage(code, params)}
      {onRetry && (
        <button type="button" onClick={onRetry} className="ml-2 font-medium underline">
          {retryLabel}
        </button>
      )}
    </div>
  );
}
