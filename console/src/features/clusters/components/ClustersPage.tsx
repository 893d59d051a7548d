import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/api/profile.ts';
import { ownerColumn } from '../../../shared/entity-screen/owner-column.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { ManagementList } from '../../geo-entities/components/ManagementList.tsx';
import { useScreenMode } from '../../geo-entities/components/useScreenMode.ts';
import { idScheme } from '../../geo-entities/model/screen-route.ts';
import { type Cluster, clusterPageSize, clusterScreen } from '../api/clusters-api.ts';
import { ClusterForm } from './ClusterForm.tsx';

/**
 * /clusters_management: the list (25 per page, by name ascending: docs/product/limits.md#samples-and-pages), or with
 * `?id=` the form (`?id=new` for a new cluster). Only clusters created with the current profile can be deleted.
 */
export default function ClustersPage() {
  const { t } = useTranslation('clusters');
  const dates = useDateFormat();
  const profile = useProfile();
  const [mode, go] = useScreenMode(idScheme);
  if (mode.kind !== 'list')
    return (
      <ClusterForm
        key={mode.kind === 'edit' ? mode.id : 'new'}
        id={mode.kind === 'edit' ? mode.id : undefined}
        onDone={() => go({ kind: 'list' })}
      />
    );
  return (
    <ManagementList<Cluster>
      screen={clusterScreen}
      scheme={idScheme}
      fixedPageSize={clusterPageSize}
      fields={['description', 'colour', 'probes', 'geoFilters']}
      deleteRefusal={(cluster) => (profile && cluster.owner !== profile.id ? 'clusters.deleteNotOwner' : undefined)}
      columns={[
        {
          key: 'colour',
          header: t('columns.colour'),
          render: (row) =>
            row.colour ? (
              <span
                className="inline-block h-4 w-4 rounded-full border border-gray-300 align-middle"
                style={{ backgroundColor: row.colour }}
                title={row.colour}
              />
            ) : null,
        },
        { key: 'description', header: t('columns.description') },
        { key: 'probes', header: t('columns.probes'), render: (row) => row.probes?.length ?? 0 },
        { key: 'geoFilters', header: t('columns.geoFilters'), render: (row) => row.geoFilters?.length ?? 0 },
        ownerColumn(t('geo:list.owner')),
        { key: 'updatedAt', header: t('geo:list.updated'), render: (row) => dates.dateTime(row.updatedAt) },
      ]}
    />
  );
}
