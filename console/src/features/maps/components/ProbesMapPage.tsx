import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice, type Notice, Notices } from '../../../shared/ui/notices.tsx';
import { PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type ProbeRow, probeRows, useProbesMap } from '../api/probes-map.ts';
import { LazyMap } from './LazyMap.tsx';
import { Legend } from './Legend.tsx';
import { probeLayers, probesView, shownStatus, statusColour } from './probe-layers.ts';
import { Tabs } from './Tabs.tsx';

/** Past this many probes the page warns that performance may suffer (docs/product/limits.md#samples-and-pages). */
export const PROBE_MAP_WARNING_THRESHOLD = 200;

type View = 'map' | 'table';

/** /probes-map: the profile's probes on a map coloured by status, or in a table (the toggle). */
export default function ProbesMapPage() {
  const { t } = useTranslation('maps');
  const [view, setView] = useState<View>('map');
  const probes = useProbesMap();
  const answer = probes.data;
  const rows = useMemo(() => (answer ? probeRows(answer) : []), [answer]);
  const statusLabel = useCallback((status: string) => t(`statuses.${status}`, { defaultValue: status }), [t]);
  const layers = useMemo(() => probeLayers(rows, statusLabel, t('probesMap.probesHere')), [rows, statusLabel, t]);
  const mapView = useMemo(() => probesView(layers), [layers]);

  const total = rows.length + (answer?.withoutCoordinates.length ?? 0);
  const notices: Notice[] = [];
  if (total > PROBE_MAP_WARNING_THRESHOLD) notices.push({ code: 'probeMaps.tooManyResults' });
  if (answer?.withoutCoordinates.length)
    notices.push({ code: 'probes.noCoordinates', detail: answer.withoutCoordinates.join(', ') });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('probesMap.title')}
        actions={
          <Tabs<View>
            label={t('probesMap.view')}
            tabs={[
              { id: 'map', label: t('probesMap.map') },
              { id: 'table', label: t('probesMap.table') },
            ]}
            selected={view}
            onSelect={setView}
          />
        }
      >
        {answer && <p className="text-sm text-gray-500">{t('probesMap.count', { count: total })}</p>}
      </PageHeader>
      {probes.isPending && <Spinner label={t('common:loading')} />}
      {probes.isError && (
        <ErrorNotice code="probeMaps.fetchFailed" onRetry={() => void probes.refetch()} retryLabel={t('retry')} />
      )}
      {answer && total === 0 && <Notices notices={[{ code: 'probeMaps.noProbes' }]} />}
      {answer && total > 0 && (
        <>
          <Notices notices={notices} />
          {view === 'map' ? (
            rows.length === 0 ? (
              <Notices notices={[{ code: 'probeMaps.noGpsMarkers' }]} />
            ) : (
              <>
                <Legend
                  title={t('probesMap.legend')}
                  entries={layers.map((layer) => ({
                    label: layer.label,
                    colour: layer.colour,
                    count: layer.points.length,
                  }))}
                />
                <LazyMap layers={layers} view={mapView} label={t('probesMap.map')} />
              </>
            )
          ) : (
            <ProbesTable rows={rows} withoutCoordinates={answer.withoutCoordinates} statusLabel={statusLabel} />
          )}
        </>
      )}
    </div>
  );
}

const PAGE_SIZE = 25;

function ProbesTable({
  rows,
  withoutCoordinates,
  statusLabel,
}: {
  rows: readonly ProbeRow[];
  withoutCoordinates: readonly string[];
  statusLabel: (status: string) => string;
}) {
  const { t } = useTranslation('maps');
  const dates = useDateFormat();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const all = useMemo(
    () => [
      ...rows,
      ...withoutCoordinates.map(
        (probeId): ProbeRow => ({
          probeId,
          name: '',
          type: '',
          status: '',
          state: null,
          lastReportAt: null,
          technology: null,
          operator: null,
          battery: null,
          lat: null,
          lon: null,
        }),
      ),
    ],
    [rows, withoutCoordinates],
  );
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? all.filter((row) =>
        [row.probeId, row.name, row.operator ?? ''].some((text) => text.toLowerCase().includes(needle)),
      )
    : all;
  const shownPage = Math.min(page, Math.max(1, Math.ceil(matching.length / PAGE_SIZE)));
  return (
    <div className="space-y-2">
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
      <DataTable<ProbeRow>
        caption={t('probesMap.table')}
        rows={matching.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
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
              row.lat === null || row.lon === null ? (
                <span className="text-amber-700">{t('probesMap.noPosition')}</span>
              ) : (
                `${row.lat.toFixed(4)}, ${row.lon.toFixed(4)}`
              ),
          },
        ]}
      />
      <Pagination page={shownPage} pageSize={PAGE_SIZE} count={matching.length} onPage={setPage} />
    </div>
  );
}
