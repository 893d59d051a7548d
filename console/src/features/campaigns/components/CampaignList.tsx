import { useTranslation } from 'react-i18next';
import { ManagementList } from '../../geo-entities/components/ManagementList.tsx';
import { idScheme } from '../../geo-entities/model/screen-route.ts';
import { formatDay } from '../../geo-entities/model/utc-dates.ts';
import { type Campaign, campaignScreen } from '../api/campaigns-api.ts';

export function CampaignList() {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  return (
    <ManagementList<Campaign>
      screen={campaignScreen}
      scheme={idScheme}
      // Polygons stay out of the list: one may weigh megabytes.
      fields={['startDate', 'endDate', 'special']}
      columns={[
        { key: 'startDate', header: t('columns.startDate'), render: (row) => formatDay(row.startDate, language) },
        { key: 'endDate', header: t('columns.endDate'), render: (row) => formatDay(row.endDate, language) },
        {
          key: 'special',
          header: t('columns.special'),
          render: (row) => t(row.special ? 'geo:form.yes' : 'geo:form.no'),
        },
        { key: 'owner', header: t('geo:list.owner') },
        { key: 'updatedAt', header: t('geo:list.updated'), render: (row) => formatDay(row.updatedAt, language) },
      ]}
    />
  );
}
