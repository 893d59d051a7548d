import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertHistoryApi, alertKeys } from '../../alerts/api/alerts-api.ts';

const isLocalhost = () => ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);

/** The unread alert count is not fetched on localhost, and a failure shows 0 (docs/product/api.md#alerts). */
export function AlertsBadge({ canOpenAlerts }: { canOpenAlerts: boolean }) {
  const { t } = useTranslation('shell');
  const { data } = useQuery({
    // The alerts screen's history reads it again with each page it reads, and lowers it as soon as entries are read.
    queryKey: alertKeys.unreadCount,
    queryFn: ({ signal }) => alertHistoryApi.unreadCount(signal).catch(() => ({ count: 0 })),
    enabled: !isLocalhost(),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  const count = data?.count ?? 0;
  const badge = (
    <span
      className="relative inline-flex items-center text-sm text-gray-600"
      data-testid="alerts-unread"
      title={t('unreadAlerts', { count })}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="ml-1 rounded-full bg-gray-200 px-1.5 text-xs font-medium">{count}</span>
    </span>
  );
  return canOpenAlerts ? <Link to="/alerts">{badge}</Link> : badge;
}
