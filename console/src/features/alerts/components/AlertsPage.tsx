import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/api/profile.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { Tabs } from '../../maps/components/Tabs.tsx';
import { AlertHistory } from './AlertHistory.tsx';
import { AlertsMap } from './AlertsMap.tsx';
import { AlertsTable } from './AlertsTable.tsx';
import { PushSubscribe } from './PushSubscribe.tsx';

const tabs = ['table', 'map', 'history'] as const;
type Tab = (typeof tabs)[number];
const tabOf = (value: string | null): Tab =>
  (tabs as readonly (string | null)[]).includes(value) ? (value as Tab) : 'table';

/** /alerts: the profile's alerts as a table (the default tab), on a map, and their history. */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const profile = useProfile();
  const { params, set } = useAddressState();
  const [creating, setCreating] = useState(false);
  const tab = tabOf(params.get('tab'));

  if (!profile) return <Spinner label={t('common:loading')} />;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('title')}
        actions={
          <div className="flex items-center gap-3">
            <Tabs<Tab>
              label={t('tabs.label')}
              tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
              selected={tab}
              onSelect={(id) => set({ tab: id === 'table' ? undefined : id }, { history: 'push' })}
            />
            {tab === 'table' && <Button onClick={() => setCreating(true)}>{t('create')}</Button>}
          </div>
        }
      >
        <p className="text-sm text-gray-600">{t('intro')}</p>
        <PushSubscribe />
      </PageHeader>
      {tab === 'table' && <AlertsTable profile={profile} creating={creating} onFormClosed={() => setCreating(false)} />}
      {tab === 'map' && (
        <AlertsMap alertId={params.get('alert') || undefined} onShowEvery={() => set({ alert: undefined })} />
      )}
      {tab === 'history' && <AlertHistory />}
    </div>
  );
}
