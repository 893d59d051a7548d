import { useTranslation } from 'react-i18next';
import { ManagementList } from '../../geo-entities/components/ManagementList.tsx';
import { useScreenMode } from '../../geo-entities/components/useScreenMode.ts';
import { isCreateScheme } from '../../geo-entities/model/screen-route.ts';
import { formatDay } from '../../geo-entities/model/utc-dates.ts';
import { type Geofilter, geofilterScreen } from '../api/geofilters-api.ts';
import { GeofilterForm } from './GeofilterForm.tsx';

/**
 * Spec §2 /geofilters_management: the list, or the form with `?id=` (`?id=&isCreate=true` for a new one). A filter a
 * cluster uses cannot be deleted: the API refuses with the catalogue message.
 */
export default function GeofiltersPage() {
  const { t, i18n } = useTranslation('geofilters');
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
        { key: 'owner', header: t('geo:list.owner') },
        { key: 'updatedAt', header: t('geo:list.updated'), render: (row) => formatDay(row.updatedAt, i18n.language) },
      ]}
    />
  );
}
