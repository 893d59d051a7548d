import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import type { MapTile } from '../api/maps.ts';

const PAGE_SIZE = 25;

/** The Results tab: every map cell with its centre, value and number of samples, highest value first. */
export function MapResults({ tiles, format }: { tiles: readonly MapTile[]; format: (value: number) => string }) {
  const { t } = useTranslation('maps');
  const [page, setPage] = useState(1);
  const sorted = [...tiles].sort((a, b) => b.value - a.value);
  return (
    <div>
      <DataTable<MapTile>
        caption={t('mapsPage.tabs.results')}
        rows={sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(tile) => tile.key}
        columns={[
          { key: 'key', header: t('mapsPage.cell') },
          {
            key: 'center',
            header: t('mapsPage.center'),
            render: (tile) => `${tile.center.lat.toFixed(4)}, ${tile.center.lon.toFixed(4)}`,
          },
          { key: 'value', header: t('mapsPage.value'), render: (tile) => format(tile.value) },
          { key: 'count', header: t('mapsPage.samples') },
        ]}
      />
      <Pagination page={page} pageSize={PAGE_SIZE} count={sorted.length} onPage={setPage} />
    </div>
  );
}
