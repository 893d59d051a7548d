import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { technologyText } from '../../../shared/i18n/value-texts.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type MapRequest, mapPointsQuery } from '../api/maps.ts';
import { pointFacts } from './point-facts.ts';

type Point = Record<string, string>;
const PAGE_SIZE = 25;

/** The Raw data tab: the measurements behind the map (the CSV of `POST /maps`); a row opens its detail grid. */
export function MapRawData({ request }: { request: MapRequest }) {
  const { t } = useTranslation('maps');
  const dates = useDateFormat();
  const programName = useProgramName();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Point>();
  const points = useQuery(mapPointsQuery(request, true));
  if (points.isPending) return <Spinner label={t('common:loading')} />;
  if (points.isError)
    return (
      <ErrorNotice
        code={
          isApiError(points.error) && points.error.code !== 'generic.error' ? points.error.code : 'maps.resultsFailed'
        }
      />
    );
  const rows = points.data;
  return (
    <div>
      <DataTable<Point>
        caption={t('mapsPage.tabs.raw')}
        rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(row) => row.measurementId ?? JSON.stringify(row)}
        onRowClick={setOpen}
        columns={[
          { key: 'measuredAt', header: t('mapsPage.raw.measuredAt'), render: (row) => dates.dateTime(row.measuredAt) },
          { key: 'probeId', header: t('mapsPage.raw.probe') },
          { key: 'isp', header: t('mapsPage.raw.isp') },
          {
            key: 'technology',
            header: t('mapsPage.raw.technology'),
            render: (row) => (row.technology ? technologyText(t, row.technology) : row.technologyLabel),
          },
          { key: request.kpi, header: t('mapsPage.value') },
          {
            key: 'position',
            header: t('mapsPage.center'),
            render: (row) => `${Number(row.lat).toFixed(4)}, ${Number(row.lon).toFixed(4)}`,
          },
        ]}
      />
      <Pagination page={page} pageSize={PAGE_SIZE} count={rows.length} onPage={setPage} />
      <Modal
        open={open !== undefined}
        title={t('mapsPage.raw.detail')}
        onClose={() => setOpen(undefined)}
        wide
        footer={
          <Button variant="secondary" onClick={() => setOpen(undefined)}>
            {t('common:close')}
          </Button>
        }
      >
        {open && (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {pointFacts(open, request.kpi, t, currentLanguage(), dates.timeZone, programName).map(([name, value]) => (
              <div key={name} className="flex justify-between gap-3 border-b border-gray-100 py-1">
                <dt className="font-medium text-gray-600">{name}</dt>
                {/* The measurement's own id (its first fact) is an identifier a person may copy. */}
                <dd
                  className="break-all text-right text-gray-900"
                  {...(value !== '' && value === open.measurementId ? { 'data-identifier': '' } : {})}
                >
                  {value || '—'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Modal>
    </div>
  );
}
