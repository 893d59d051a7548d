import { type LaunchGroup, type LaunchState, launchStates } from '@nq/contracts/fleet/launch';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { Card } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type GroupPageQuery, type Launch, launcherApi, launchKeys } from '../api/launcher-api.ts';
import { LaunchResult } from './LaunchResult.tsx';
import { LaunchStateBadge } from './LaunchStateBadge.tsx';

/** While a launch of the group is in progress the group is polled this often. */
const POLL_WHILE_PENDING_MS = 3_000;
const PAGE_SIZE = 50;
/** The states in the order the counts show them: in progress first, then how launches end. */
const countOrder: readonly LaunchState[] = ['Pending', 'Finished', 'Error', 'Cancelled', 'TimedOut'];

const taskName = ({ name, id }: LaunchGroup['task']) =>
  typeof name === 'string' ? name : typeof id === 'string' ? id : '';

/**
 * A launch on a cluster's probes: how many of its launches are in each state (polled while one is in progress), and
 * its launches by probe id, a page at a time, those of one state or all.
 */
export function LaunchGroupPanel({
  group,
  cancelled,
  clusterName,
}: {
  /** The group as the launch answered it: shown until the first read of it. */
  group: LaunchGroup;
  /** Launches in progress the launch cancelled. */
  cancelled: number;
  clusterName: string;
}) {
  const { t } = useTranslation('launcher');
  const dates = useDateFormat();
  const refreshInterval = useRefreshInterval();
  const headingId = useId();
  const [state, setState] = useState<LaunchState | ''>('');
  const [page, setPage] = useState(1);
  const pageQuery: GroupPageQuery = {
    ...(state ? { state } : {}),
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const current = useQuery({
    queryKey: launchKeys.group(group.id, pageQuery),
    queryFn: ({ signal }) => launcherApi.group(group.id, pageQuery, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      ((query.state.data ?? group).states.Pending ?? 0) > 0 ? POLL_WHILE_PENDING_MS : refreshInterval,
    meta: { errorCode: 'measurements.fetchFailed' },
  });
  const shown = current.data ?? group;
  const task = taskName(shown.task);

  const columns: Column<Launch>[] = [
    { key: 'probeId', header: t('fleet:fields.probeId'), className: 'font-mono' },
    { key: 'state', header: t('state'), render: (launch) => <LaunchStateBadge state={launch.state} /> },
    {
      key: 'result',
      header: t('result'),
      render: (launch) => <LaunchResult launch={launch} when={dates.dateTime} />,
    },
  ];

  return (
    <Card>
      <section aria-labelledby={headingId} data-testid="launch-group" className="space-y-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            {t('groupTitle', { cluster: clusterName })}
          </h2>
          <p className="text-sm text-gray-600">
            <span data-testid="launch-group-probes">{t('groupProbes', { count: shown.probes })}</span>
            {task && ` · ${task}`} · {t('groupLaunchedAt', { time: dates.dateTime(shown.createdAt) })}
          </p>
          {cancelled > 0 && (
            <p role="status" className="text-sm text-amber-900">
              {t('groupCancelled', { count: cancelled })}
            </p>
          )}
        </div>
        <ul aria-label={t('groupStates')} className="flex flex-wrap gap-3">
          {countOrder.map((each) => (
            <li key={each} data-state={each} className="flex items-center gap-1.5 text-sm">
              <LaunchStateBadge state={each} />{' '}
              <span className="font-semibold tabular-nums">{shown.states[each] ?? 0}</span>
            </li>
          ))}
        </ul>
        <div className="w-56">
          <SelectField
            label={t('stateFilter')}
            placeholder={t('allStates')}
            options={launchStates.map((each) => ({ value: each, label: t(`states.${each}`) }))}
            value={state}
            onChange={(event) => {
              setState(event.target.value as LaunchState | '');
              setPage(1);
            }}
          />
        </div>
        <DataTable<Launch>
          columns={columns}
          rows={current.data?.list}
          rowKey={(launch) => launch.id}
          loading={current.isFetching && !current.data}
          caption={t('groupLaunches')}
        />
        {current.data && <Pagination page={page} pageSize={PAGE_SIZE} count={current.data.total} onPage={setPage} />}
      </section>
    </Card>
  );
}
