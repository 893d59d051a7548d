import { alertGroupStates } from '@nq/contracts/alerts/alert-history';
import { useTranslation } from 'react-i18next';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type AlertHistoryEntry, alertsPath, type HistoryFilters } from '../api/alerts-api.ts';
import { useHistoryPage, useMarkRead } from '../api/useAlertHistory.ts';
import { shownStateOf } from '../model/alert-state.ts';
import { StateBadge } from './AlertsTable.tsx';

const PAGE_SIZE = 25;

/** The start of a day, or of the day after it (`to` includes its whole day), in the browser's time zone. */
const instantOf = (day: string, after = false) => {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (after) start.setDate(start.getDate() + 1);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
};

/** The history tab: the entries newest first, narrowed by alert, state and dates (kept in the address), read or not. */
export function AlertHistory() {
  const { t } = useTranslation('alerts');
  const dates = useDateFormat();
  const { params, set } = useAddressState();
  const alerts = useEntityOptions(alertsPath);
  const filters: HistoryFilters = {
    alertId: params.get('alert') || undefined,
    state: (params.get('state') as HistoryFilters['state']) || undefined,
    from: instantOf(params.get('from') ?? ''),
    to: instantOf(params.get('to') ?? '', true),
  };
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const page = useHistoryPage({ ...filters, page: pageNumber, pageSize: PAGE_SIZE });
  const markRead = useMarkRead();
  const entries = page.data?.list ?? [];
  const unread = entries.filter((entry) => !entry.read);
  const filter = (name: string) => (value: string) => set({ [name]: value || undefined, page: undefined });

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 items-end gap-3 rounded-lg border bg-white p-3 sm:grid-cols-5">
        <SelectField
          label={t('history.alert')}
          value={filters.alertId ?? ''}
          placeholder={t('history.anyAlert')}
          options={alerts}
          onChange={(event) => filter('alert')(event.target.value)}
        />
        <SelectField
          label={t('history.state')}
          value={filters.state ?? ''}
          placeholder={t('history.anyState')}
          options={alertGroupStates.map((state) => ({ value: state, label: t(`history.states.${state}`) }))}
          onChange={(event) => filter('state')(event.target.value)}
        />
        <TextField
          label={t('history.from')}
          type="date"
          value={params.get('from') ?? ''}
          onChange={(event) => filter('from')(event.target.value)}
        />
        <TextField
          label={t('history.to')}
          type="date"
          value={params.get('to') ?? ''}
          onChange={(event) => filter('to')(event.target.value)}
        />
        <Button
          variant="secondary"
          disabled={unread.length === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ entries: unread, read: true })}
        >
          {t('history.markPageRead')}
        </Button>
      </div>
      {page.isError ? (
        <ErrorNotice code="alerts.historyFailed" onRetry={() => void page.refetch()} retryLabel={t('common:refresh')} />
      ) : (
        <>
          <DataTable<AlertHistoryEntry>
            caption={t('history.caption')}
            loading={page.isPending}
            rows={entries}
            rowKey={(entry) => entry.id}
            columns={[
              {
                key: 'recordedAt',
                header: t('history.columns.recordedAt'),
                render: (entry) => (
                  <span className={entry.read ? '' : 'font-semibold'} data-read={entry.read}>
                    {dates.dateTime(entry.recordedAt)}
                  </span>
                ),
              },
              { key: 'alertName', header: t('history.columns.alert') },
              {
                key: 'group',
                header: t('history.columns.group'),
                render: (entry) => `${t(`groupings.${entry.group.kind}`)}: ${entry.group.label ?? entry.group.id}`,
              },
              {
                key: 'state',
                header: t('history.columns.state'),
                render: (entry) => (
                  <StateBadge state={shownStateOf(entry.state)} label={t(`history.states.${entry.state}`)} />
                ),
              },
              {
                key: 'window',
                header: t('history.columns.window'),
                render: (entry) => `${dates.dateTime(entry.window.start)} – ${dates.dateTime(entry.window.end)}`,
              },
              {
                key: 'matching',
                header: t('history.columns.matching'),
                render: (entry) =>
                  t('history.matching', { matching: entry.matching, measurements: entry.measurements }),
              },
              {
                key: 'read',
                header: t('history.columns.read'),
                render: (entry) => (
                  <ReadToggle entry={entry} onChange={(read) => markRead.mutate({ entries: [entry], read })} />
                ),
              },
            ]}
          />
          <Pagination
            page={pageNumber}
            pageSize={PAGE_SIZE}
            count={page.data?.count ?? 0}
            onPage={(next) => set({ page: next > 1 ? String(next) : undefined })}
          />
        </>
      )}
    </div>
  );
}

function ReadToggle({ entry, onChange }: { entry: AlertHistoryEntry; onChange: (read: boolean) => void }) {
  const { t } = useTranslation('alerts');
  const dates = useDateFormat();
  const name = `${entry.alertName} · ${entry.group.label ?? entry.group.id} · ${dates.dateTime(entry.recordedAt)}`;
  return (
    <Button
      variant="ghost"
      aria-pressed={entry.read}
      aria-label={t(entry.read ? 'history.markUnread' : 'history.markRead', { name })}
      onClick={() => onChange(!entry.read)}
    >
      {t(entry.read ? 'history.read' : 'history.unread')}
    </Button>
  );
}
