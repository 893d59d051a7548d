import type { Profile } from '@nq/contracts/identity/profile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import { useTechnologyOptions } from '../../../shared/api/profile-technologies.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import { profileFields } from './profile-fields.ts';

type ProfileRow = Entity & Partial<Omit<Profile, 'id'>> & { name: string };

/**
 * Profile (docs/product/entities.md#profile), managed by administrators: screens (layers), flags, and the data each
 * profile may see.
 */
export default function ProfilesPage() {
  const { t } = useTranslation('profilesManagement');
  const campaigns = useEntityOptions('/api/campaigns-management');
  const clusters = useEntityOptions('/api/clusters-management');
  const probes = useEntityOptions('/probes', ['probeId', 'name']);
  const providers = useEntityOptions('/api/providers');
  const tags = useEntityOptions('/tags');
  const technologies = useTechnologyOptions();
  const fields = useMemo(
    () => profileFields(t, { campaigns, clusters, probes, providers, tags, technologies }),
    [t, campaigns, clusters, probes, providers, tags, technologies],
  );
  return (
    <EntityManagementScreen<ProfileRow>
      namespace="profilesManagement"
      basePath="/profiles"
      sort="name"
      canClone
      adminOnlyWrites
      columns={[
        { key: 'name', header: t('name') },
        { key: 'rol', header: t('rol'), render: (row) => (row.rol ? t(`roles.${row.rol}`) : '') },
        { key: 'service', header: t('service'), render: (row) => (row.service ? t(`services.${row.service}`) : '') },
        { key: 'layers', header: t('layers'), render: (row) => (row.layers ?? []).length },
        {
          key: 'flags',
          header: t('flagsTitle'),
          render: (row) =>
            (['isGod', 'useClusters', 'apiAccess', 'isAgent'] as const)
              .filter((flag) => row[flag])
              .map((flag) => t(flag))
              .join(', '),
        },
        {
          key: 'startPage',
          header: t('startPage'),
          render: (row) => (row.startPage ? t(`layers:${row.startPage}`, { defaultValue: row.startPage }) : ''),
        },
      ]}
      fields={fields}
      codeFields={{ 'profiles.nameExists': 'name' }}
      errorCodes={{ fetch: 'profiles.loadFailed' }}
    />
  );
}
