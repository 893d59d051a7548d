import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type Launch, launcherApi, launchKeys } from '../api/launcher-api.ts';
import { LaunchResult } from './LaunchResult.tsx';
import { LaunchStateBadge } from './LaunchStateBadge.tsx';

/** While a launch is in progress its state is polled this often. */
const POLL_WHILE_PENDING_MS = 3_000;

const taskLabel = ({ name, id, type }: Launch['task']) => ({
  name: typeof name === 'string' ? name : typeof id === 'string' ? id : '',
  type: typeof type === 'string' ? type : undefined,
});

/** The launches of the probes chosen, newest first, with their state; polled while one is in progress. */
export function LaunchesTable({ probeIds }: { probeIds: readonly string[] }) {
  const { t } = useTranslation('launcher');
  const dates = useDateFormat();
  const refreshInterval = useRefreshInterval();
  const results = useQueries({
    queries: probeIds.map((probeId) => ({
      queryKey: launchKeys.ofProbe(probeId),
      queryFn: ({ signal }: { signal: AbortSignal }) => launcherApi.ofProbe(probeId, signal),
      refetchInterval: (query: { state: { data?: { list: Launch[] } } }) =>
        query.state.data?.list.some((launch) => launch.state === 'Pending') ? POLL_WHILE_PENDING_MS : refreshInterval,
      meta: { errorCode: 'measurements.fetchFailed' },
    })),
  });
  const launches = results
    .flatMap((result) => result.data?.list ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const when = dates.dateTime;

  const columns: Column<Launch>[] = [
    { key: 'probeId', header: t('fleet:fields.probeId'), className: 'font-mono' },
    {
      key: 'task',
      header: t('task'),
      render: (launch) => {
        const { name, type } = taskLabel(launch.task);
        return `${name} · ${type ? t(`fleet:taskTypes.${type}`) : ''}`;
      },
    },
    {
      key: 'state',
      header: t('state'),
      render: (launch) => <LaunchStateBadge state={launch.state} />,
    },
    { key: 'result', header: t('result'), render: (launch) => <LaunchResult launch={launch} when={when} /> },
    { key: 'createdAt', header: t('launchedAt'), render: (launch) => when(launch.createdAt) },
    { key: 'updatedAt', header: t('updatedAt'), render: (launch) => when(launch.updatedAt) },
  ];

  if (probeIds.length === 0) return <p className="text-sm text-gray-500">{t('chooseProbesForLaunches')}</p>;
  return (
    <DataTable<Launch>
      columns={columns}
      rows={launches}
      rowKey={(launch) => launch.id}
      loading={results.some((result) => result.isFetching)}
      caption={t('launches')}
    />
  );
}
