import { useTranslation } from 'react-i18next';
import { ownerColumn } from '../../../shared/entity-screen/owner-column.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { ManagementList } from '../../geo-entities/components/ManagementList.tsx';
import { useScreenMode } from '../../geo-entities/components/useScreenMode.ts';
import { isCreateScheme } from '../../geo-entities/model/screen-route.ts';
import { type Geofilter, geofilterScreen } from '../api/geofilters-api.ts';
import { GeofilterForm } from './GeofilterForm.tsx';

/**
 * /geofilters_management: the list, or the form with `?id=` (`?id=&isCreate=true` for a new one). A filter a
 * cluster uses cannot be deleted: the API refuses with the catalogue message.
 */
export default function GeofiltersPage() {
  const { t } = useTranslation('geofilters');
  const dates = useDateFormat();
  const [mode, go] = useScreenMode(isCreateScheme);
  if (mode.kind !== 'list')
    return (
      <GeofilterForm
        key={mode.kind === 'edit' ? mode.id : 'new'}
        id={mode.kind === 'edit' ? mode.id : undefined}
        onDone={() => go({ kind: 'list' })}
      />
    );
  return (
    <ManagementList<Geofilter>
      screen={geofilterScreen}
      scheme={isCreateScheme}
      fields={['special']}
      columns={[
        {
          key: 'special',
          header: t('columns.special'),
          render: (row) => t(row.special ? 'geo:form.yes' : 'geo:form.no'),
        },
        ownerColumn(t('geo:list.owner')),
        { key: 'updatedAt', header: t('geo:list.updated'), render: (row) => dates.dateTime(row.updatedAt) },
      ]}
    />
  );
}
