import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { saveFile } from '../../fleet/download.ts';
import {
  type ProbeStatusRow,
  type ProbeStatusSortField,
  probeStatusApi,
  probeStatusKeys,
  probeStatusWindow,
} from '../api/probe-status-api.ts';
import { filterChange, sortChange, statusPageSizes, statusQueryOf } from '../api/status-query.ts';
import { IdleCounter } from './IdleCounter.tsx';
import { ProbeAgentPanel } from './ProbeAgentPanel.tsx';
import { ProbeStatusFilters } from './ProbeStatusFilters.tsx';

const stateClass: Record<string, string> = {
  Available: 'bg-emerald-100 text-emerald-800',
  Ready: 'bg-blue-100 text-blue-800',
  'Not ready': 'bg-amber-100 text-amber-900',
  'Not available': 'bg-rose-100 text-rose-800',
};

function StateBadge({ state }: { state: string | null }) {
  const { t } = useTranslation('probeStatus');
  if (!state) return <span className="text-gray-400">{t('neverReported')}</span>;
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateClass[state] ?? 'bg-gray-100'}`}>
      {t(`fleet:options.${state}`)}
    </span>
  );
}

/** A column's header that sorts the list by it (on the server), saying which way it is sorted. */
function SortHeader({
  label,
  field,
  sort,
  order,
  onSort,
}: {
  label: string;
  field: ProbeStatusSortField;
  sort: ProbeStatusSortField;
  order: 'asc' | 'desc';
  onSort: (field: ProbeStatusSortField) => void;
}) {
  const { t } = useTranslation('probeStatus');
  const sorted = sort === field;
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 font-medium hover:text-blue-700"
      onClick={() => onSort(field)}
    >
      {label}
      {sorted && (
        <>
          <span aria-hidden="true">{order === 'asc' ? '▲' : '▼'}</span>
          <span className="sr-only">{t(order === 'asc' ? 'sortedAscending' : 'sortedDescending')}</span>
        </>
      )}
    </button>
  );
}

/**
 * `tools/probes_status`: the probes the profile sees with their last report, a page at a time: the server filters,
 * sorts, pages and counts them, whatever the fleet's size; follows the navbar's refresh interval. The filters, sort
 * and page are kept in the address (the probes map links here for its probes without coordinates). A probe's agent is
 * read when its id is chosen.
 */
export default function ProbeStatusPage() {
  const { t } = useTranslation('probeStatus');
  const dates = useDateFormat();
  const { params, set } = useAddressState();
  const query = statusQueryOf(params);
  const [agentOf, setAgentOf] = useState<string | undefined>();
  const status = useQuery({
    queryKey: probeStatusKeys.list(query),
    queryFn: ({ signal }) => probeStatusApi.list(query, signal),
    refetchInterval: useRefreshInterval(),
    placeholderData: keepPreviousData,
    meta: { errorCode: 'probes.fetchFailed' },
  });
  const exportCsv = useMutation({
    mutationFn: probeStatusApi.exportCsv,
    onSuccess: (csv) => saveFile(csv, 'probes-status.csv'),
    onError: () => toast.error('probeStatus.exportFailed'),
    meta: { silent: true },
  });

  const rows = status.data?.list;
  const empty = rows?.length === 0 && !status.isFetching;
  // A probe looked for by id or name that is not there is "not found"; filters that match nothing, "no results".
  const searched = Boolean(query.q?.trim());
  const header = (field: ProbeStatusSortField, label: string) => (
    <SortHeader
      label={label}
      field={field}
      sort={query.sort}
      order={query.order}
      onSort={(sorted) => set(sortChange(query, sorted))}
    />
  );
  const columns: Column<ProbeStatusRow>[] = [
    {
      key: 'probeId',
      header: header('probeId', t('fleet:fields.probeId')),
      className: 'font-mono',
      render: (row) => (
        <button
          type="button"
          className="text-blue-700 hover:underline"
          title={t('showAgent')}
          onClick={() => setAgentOf(row.probeId)}
        >
          {row.probeId}
        </button>
      ),
    },
    { key: 'name', header: header('name', t('fleet:fields.name')) },
    { key: 'type', header: header('type', t('fleet:fields.type')), render: (row) => t(`fleet:options.${row.type}`) },
    { key: 'state', header: header('state', t('state')), render: (row) => <StateBadge state={row.state} /> },
    {
      key: 'status',
      header: header('status', t('configuredStatus')),
      render: (row) => t(`fleet:options.${row.status}`),
    },
    {
      key: 'lastReportAt',
      header: header('lastReportAt', t('lastReport')),
      render: (row) => dates.dateTime(row.lastReportAt),
    },
    {
      key: 'technology',
      header: header('technology', t('technology')),
      render: (row) => (row.technology === null ? '' : t(`fleet:technologies.${row.technology}`)),
    },
    { key: 'operator', header: header('operator', t('fleet:fields.operator')) },
    {
      key: 'battery',
      header: header('battery', t('battery')),
      render: (row) => (row.battery === null ? '' : `${row.battery} %`),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <>
            <IdleCounter />
            <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              {t('exportCsv')}
            </Button>
          </>
        }
      />
      <div className="mb-3">
        <ProbeStatusFilters query={query} onChange={(name, value) => set(filterChange(name, value))} />
      </div>
      {empty ? (
        <p
          role="status"
          className="rounded-lg border bg-white px-4 py-6 text-center text-sm text-gray-600"
          data-testid="status-empty"
        >
          {errorMessage(searched ? 'probeStatus.notFound' : 'probeStatus.noResults')}
        </p>
      ) : (
        <>
          <DataTable<ProbeStatusRow>
            columns={columns}
            rows={rows}
            rowKey={(row) => row.probeId}
            loading={status.isFetching}
            caption={t('title')}
          />
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            count={status.data?.count ?? 0}
            reachable={probeStatusWindow}
            pageSizes={statusPageSizes}
            onPage={(page) => set({ page: page === 1 ? undefined : String(page) })}
            onPageSize={(size) => set({ pageSize: String(size), page: undefined })}
          />
        </>
      )}
      <Modal
        title={t('agentOf', { probeId: agentOf })}
        open={agentOf !== undefined}
        onClose={() => setAgentOf(undefined)}
        footer={
          <Button variant="secondary" onClick={() => setAgentOf(undefined)}>
            {t('common:close')}
          </Button>
        }
      >
        {agentOf && <ProbeAgentPanel probeId={agentOf} />}
      </Modal>
    </div>
  );
}
