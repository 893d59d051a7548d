import { basePathOf } from '@nq/contracts/configuration/kinds';
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
  const campaigns = useEntityOptions(basePathOf('campaign'));
  const clusters = useEntityOptions(basePathOf('cluster'));
  const probes = useEntityOptions(basePathOf('probe'), ['probeId', 'name']);
  const providers = useEntityOptions(basePathOf('provider'));
  const tags = useEntityOptions(basePathOf('tag'));
  const technologies = useTechnologyOptions();
  const fields = useMemo(
    () => profileFields(t, { campaigns, clusters, probes, providers, tags, technologies }),
    [t, campaigns, clusters, probes, providers, tags, technologies],
  );
  return (
    <EntityManagementScreen<ProfileRow>
      namespace="profilesManagement"
      basePath={basePathOf('profile')}
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
