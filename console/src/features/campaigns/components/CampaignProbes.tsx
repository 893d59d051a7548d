import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api-client.ts';
import { type EntityPage, entityKeys, readYourWrites } from '../../../shared/api/entities.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';

interface ProbeRow {
  id: string;
  probeId: string;
  name?: string;
  type?: string;
  status?: string;
  campaign?: string;
}

const probeQuery = { fields: 'probeId,name,type,status,campaign', pageSize: 500, sort: 'probeId' };

/**
 * The probes whose campaign is this one. GET /probes/ has no campaign filter and the paged "active probes by
 * campaign" route is not open to this screen's layer, so the profile's probes are read (one page of 500, their
 * campaign field only) and filtered here.
 */
export function CampaignProbes({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('campaigns');
  const probes = useQuery({
    queryKey: entityKeys.list(basePathOf('probe'), probeQuery),
    queryFn: ({ signal }) =>
      api.get<EntityPage<ProbeRow>>(`${basePathOf('probe')}/`, {
        query: { ...probeQuery, ...readYourWrites() },
        signal,
      }),
    select: (page) => page.list.filter((probe) => probe.campaign === campaignId),
    meta: { errorCode: 'probes.fetchFailed' },
  });
  return (
    <section className="space-y-2">
      <h2 className="text-sm font-semibold text-gray-800">{t('probes.title')}</h2>
      {probes.data?.length === 0 ? (
        <p className="text-sm text-gray-500">{t('probes.none')}</p>
      ) : (
        <DataTable<ProbeRow>
          caption={t('probes.title')}
          rows={probes.data}
          rowKey={(probe) => probe.id}
          loading={probes.isFetching}
          columns={[
            { key: 'probeId', header: t('probes.probeId') },
            { key: 'name', header: t('probes.name') },
            { key: 'type', header: t('probes.type') },
            { key: 'status', header: t('probes.status') },
          ]}
        />
      )}
    </section>
  );
}
