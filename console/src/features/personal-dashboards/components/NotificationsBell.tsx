import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import { type DashboardNotification, dashboardKeys, dashboardsApi } from '../api/dashboards-api.ts';

const REFRESH_MS = 60_000;

/**
 * Shared-dashboard notifications (docs/product/screens.md#dashboards_personal): who shared which dashboard, with their
 * message; opening one reads it.
 */
export function NotificationsBell({ onOpen }: { onOpen: (dashboardId: string) => void }) {
  const { t } = useTranslation('personalDashboards');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const notifications = useQuery({
    queryKey: dashboardKeys.notifications,
    queryFn: ({ signal }) => dashboardsApi.notifications(signal),
    select: (answer) => answer.result,
    refetchInterval: REFRESH_MS,
    meta: { errorCode: 'dashboards.notificationsFetchFailed' },
  });
  const unread = notifications.data?.filter((notification) => !notification.read).length ?? 0;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const openNotification = (notification: DashboardNotification) => {
    setOpen(false);
    onOpen(notification.id);
    if (notification.read) return;
    dashboardsApi
      .markNotification(notification.id, true)
      .then(() => queryClient.invalidateQueries({ queryKey: dashboardKeys.notifications }))
      .catch(() => toast.error('dashboards.notificationReadFailed'));
  };

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t('notifications', { count: unread })}
        onClick={() => setOpen((shown) => !shown)}
        className="relative inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-700 shadow-sm hover:bg-gray-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M4 13h4l2 3h4l2-3h4" />
          <path d="M4 13l2.5-7h11L20 13v6H4z" />
        </svg>
        <span aria-hidden="true">{t('notificationsTitle')}</span>
        {unread > 0 && (
          <span
            data-testid="dashboard-notifications-unread"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-semibold text-white"
          >
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section
          aria-label={t('notificationsTitle')}
          className="absolute right-0 z-20 mt-2 w-80 rounded-lg border border-gray-200 bg-white shadow-lg"
        >
          <h2 className="border-b px-3 py-2 text-sm font-semibold text-gray-800">{t('notificationsTitle')}</h2>
          {(notifications.data ?? []).length === 0 ? (
            <p className="px-3 py-4 text-sm text-gray-500">{t('noNotifications')}</p>
          ) : (
            <ul className="max-h-80 divide-y overflow-auto">
              {notifications.data?.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(notification)}
                    className={`block w-full px-3 py-2 text-left text-sm hover:bg-gray-50 ${notification.read ? 'text-gray-500' : 'text-gray-900'}`}
                  >
                    <span className={notification.read ? '' : 'font-semibold'}>
                      {t('sharedWithYou', { sharer: notification.sharer, dashboard: notification.dashboard })}
                    </span>
                    {notification.message && (
                      <span className="mt-0.5 block text-xs text-gray-600 italic">“{notification.message}”</span>
                    )}
                    {!notification.read && <span className="sr-only">{t('unread')}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
