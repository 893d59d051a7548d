import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/api/profile.ts';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import {
  type ProbeFleetRow,
  type ProbeStatusQuery,
  probeStatusApi,
  probeStatusKeys,
  probeStatusWindow,
} from '../../probe-status/api/probe-status-api.ts';
import { shownStatus, statusColour } from './probe-layers.ts';

const PAGE_SIZE = 25;

type Located = '' | 'true' | 'false';

/**
 * The probes map's table: the profile's probes (or its clusters' when it works with clusters) a page at a time, found
 * and paged by the server; `located` narrows them to those with or without coordinates.
 */
export function ProbesMapTable({
  located,
  onLocated,
  statusLabel,
}: {
  located: Located;
  onLocated: (located: Located) => void;
  statusLabel: (status: string) => string;
}) {
  const { t } = useTranslation('maps');
  const dates = useDateFormat();
  const profile = useProfile();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query: ProbeStatusQuery = {
    q: search.trim() || undefined,
    located: located || undefined,
    inClusters: profile?.useClusters ? 'true' : undefined,
    sort: 'probeId',
    order: 'asc',
    page,
    pageSize: PAGE_SIZE,
  };
  const probes = useQuery({
    queryKey: probeStatusKeys.list(query),
    queryFn: ({ signal }) => probeStatusApi.list(query, signal),
    enabled: profile !== undefined,
    placeholderData: keepPreviousData,
    meta: { errorCode: 'probeMaps.fetchFailed' },
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-xs">
          <TextField
            label={t('common:search')}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="w-52">
          <SelectField
            label={t('probesMap.columns.position')}
            placeholder={t('probesMap.anyPosition')}
            options={[
              { value: 'true', label: t('probesMap.withPosition') },
              { value: 'false', label: t('probesMap.noPosition') },
            ]}
            value={located}
            onChange={(event) => {
              onLocated(event.target.value as Located);
              setPage(1);
            }}
          />
        </div>
      </div>
      <DataTable<ProbeFleetRow>
        caption={t('probesMap.table')}
        rows={probes.data?.list}
        loading={probes.isFetching}
        rowKey={(row) => row.probeId}
        columns={[
          { key: 'probeId', header: t('probesMap.columns.probeId') },
          { key: 'name', header: t('probesMap.columns.name') },
          {
            key: 'type',
            header: t('probesMap.columns.type'),
            render: (row) => (row.type ? t(`probeTypes.${row.type}`, { defaultValue: row.type }) : ''),
          },
          {
            key: 'status',
            header: t('probesMap.columns.status'),
            render: (row) =>
              row.status || row.state ? (
                <span className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden
                    className="h-2.5 w-2.5 rounded-full"
                    style={{ backgroundColor: statusColour(shownStatus(row)) }}
                  />
                  {statusLabel(shownStatus(row))}
                </span>
              ) : (
                ''
              ),
          },
          { key: 'operator', header: t('probesMap.columns.operator') },
          {
            key: 'lastReportAt',
            header: t('probesMap.columns.lastReport'),
            render: (row) => dates.dateTime(row.lastReportAt) || t('probesMap.never'),
          },
          {
            key: 'position',
            header: t('probesMap.columns.position'),
            render: (row) =>
              row.position ? (
                `${row.position.lat.toFixed(4)}, ${row.position.lon.toFixed(4)}`
              ) : (
                <span className="text-amber-700">{t('probesMap.noPosition')}</span>
              ),
          },
        ]}
      />
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        count={probes.data?.count ?? 0}
        reachable={probeStatusWindow}
        onPage={setPage}
      />
    </div>
  );
}
