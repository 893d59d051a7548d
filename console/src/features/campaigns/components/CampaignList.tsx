import { useTranslation } from 'react-i18next';
import { ownerColumn } from '../../../shared/entity-screen/owner-column.ts';
import { formatCalendarDay } from '../../../shared/ui/format.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { ManagementList } from '../../geo-entities/components/ManagementList.tsx';
import { idScheme } from '../../geo-entities/model/screen-route.ts';
import { type Campaign, campaignScreen } from '../api/campaigns-api.ts';

export function CampaignList() {
  const { t } = useTranslation('campaigns');
  const dates = useDateFormat();
  return (
    <ManagementList<Campaign>
      screen={campaignScreen}
      scheme={idScheme}
      // Polygons stay out of the list: one may weigh megabytes.
      fields={['startDate', 'endDate', 'special']}
      columns={[
        { key: 'startDate', header: t('columns.startDate'), render: (row) => formatCalendarDay(row.startDate) },
        { key: 'endDate', header: t('columns.endDate'), render: (row) => formatCalendarDay(row.endDate) },
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
