import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchBox, SelectField } from '../../../shared/ui/fields.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { saveFile } from '../../fleet/download.ts';
import { type ProbeStatusRow, probeStates, probeStatusApi, probeStatusKeys } from '../api/probe-status-api.ts';
import { IdleCounter } from './IdleCounter.tsx';
import { ProbeAgentPanel } from './ProbeAgentPanel.tsx';

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

const matches = (row: ProbeStatusRow, text: string) =>
  `${row.probeId} ${row.name}`.toLowerCase().includes(text.trim().toLowerCase());

/**
 * `tools/probes_status`: each probe the profile sees with its last report; follows the navbar's refresh interval. The
 * list comes whole (it is not paged on the server), so a probe's agent is read only when its id is chosen.
 */
export default function ProbeStatusPage() {
  const { t } = useTranslation('probeStatus');
  const dates = useDateFormat();
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [agentOf, setAgentOf] = useState<string | undefined>();
  const status = useQuery({
    queryKey: probeStatusKeys.list,
    queryFn: ({ signal }) => probeStatusApi.list(signal),
    refetchInterval: useRefreshInterval(),
    meta: { errorCode: 'probes.fetchFailed' },
  });
  const exportCsv = useMutation({
    mutationFn: probeStatusApi.exportCsv,
    onSuccess: (csv) => saveFile(csv, 'probes-status.csv'),
    onError: () => toast.error('probeStatus.exportFailed'),
    meta: { silent: true },
  });

  const rows = status.data?.list.filter((row) => matches(row, search) && (!state || row.state === state));
  const empty = rows?.length === 0 && !status.isFetching;
  const columns: Column<ProbeStatusRow>[] = [
    {
      key: 'probeId',
      header: t('fleet:fields.probeId'),
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
    { key: 'name', header: t('fleet:fields.name') },
    { key: 'type', header: t('fleet:fields.type'), render: (row) => t(`fleet:options.${row.type}`) },
    { key: 'state', header: t('state'), render: (row) => <StateBadge state={row.state} /> },
    { key: 'status', header: t('configuredStatus'), render: (row) => t(`fleet:options.${row.status}`) },
    {
      key: 'lastReportAt',
      header: t('lastReport'),
      render: (row) => dates.dateTime(row.lastReportAt),
    },
    {
      key: 'technology',
      header: t('technology'),
      render: (row) => (row.technology === null ? '' : t(`fleet:technologies.${row.technology}`)),
    },
    { key: 'operator', header: t('fleet:fields.operator') },
    { key: 'battery', header: t('battery'), render: (row) => (row.battery === null ? '' : `${row.battery} %`) },
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
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label={t('findProbe')} value={search} onChange={setSearch} />
        <div className="w-48">
          <SelectField
            label={t('state')}
            placeholder={t('allStates')}
            options={probeStates.map((value) => ({ value, label: t(`fleet:options.${value}`) }))}
            value={state}
            onChange={(event) => setState(event.target.value)}
          />
        </div>
        <span className="pb-2 text-sm text-gray-500">
          {t('shown', { count: rows?.length ?? 0, total: status.data?.count ?? 0 })}
        </span>
      </div>
      {empty ? (
        <p
          role="status"
          className="rounded-lg border bg-white px-4 py-6 text-center text-sm text-gray-600"
          data-testid="status-empty"
        >
          {errorMessage(search.trim() ? 'probeStatus.notFound' : 'probeStatus.noResults')}
        </p>
      ) : (
        <DataTable<ProbeStatusRow>
          columns={columns}
          rows={rows}
          rowKey={(row) => row.probeId}
          loading={status.isFetching}
          caption={t('title')}
        />
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
