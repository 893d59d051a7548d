import { cdnTypes } from '@nq/contracts/configuration/cdn';
import { activeStatuses } from '@nq/contracts/configuration/common';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import { useTechnologyOptions } from '../../../shared/api/profile-technologies.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { technologyField } from '../../../shared/entity-screen/technology-field.ts';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';

type Cdn = Entity & {
  name: string;
  url?: string;
  type?: string;
  status?: string;
  size?: number;
  provider?: string;
  tags?: string[];
};

/** /cdns_management: download and upload targets of the speed tests, per technology. */
export default function CdnsPage() {
  const { t } = useTranslation('cdns');
  const providers = useEntityOptions(basePathOf('provider'));
  const providerNames = useMemo(() => new Map(providers.map((o) => [o.value, o.label])), [providers]);
  const technologies = useTechnologyOptions();
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'name', kind: 'text', required: true },
      { name: 'url', label: 'url', kind: 'text', required: true, placeholder: 'https://' },
      {
        name: 'type',
        label: 'type',
        kind: 'select',
        required: true,
        options: cdnTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
      },
      {
        name: 'status',
        label: 'status',
        kind: 'select',
        options: activeStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
      { name: 'size', label: 'size', kind: 'number', required: true, hint: 'sizeHint' },
      { name: 'provider', label: 'provider', kind: 'select', options: providers },
      { name: 'location.latitude', label: 'latitude', kind: 'number' },
      { name: 'location.longitude', label: 'longitude', kind: 'number' },
      { name: 'tags', label: 'tags', kind: 'list', hint: 'tagsHint' },
      { name: 'requestBody', label: 'requestBody', kind: 'textarea', hint: 'requestBodyHint' },
      {
        name: 'httpHeaders',
        label: 'httpHeaders',
        kind: 'rows',
        columns: [
          { name: 'name', label: 'headerName', kind: 'text', required: true },
          { name: 'value', label: 'headerValue', kind: 'text', required: true },
        ],
      },
      {
        name: 'technologies',
        label: 'technologies',
        kind: 'rows',
        columns: [
          technologyField('technology', 'technology', technologies),
          { name: 'trigger', label: 'trigger', kind: 'number', required: true, hint: 'triggerHint' },
          { name: 'size', label: 'size', kind: 'number', required: true },
        ],
      },
    ],
    [t, providers, technologies],
  );
  return (
    <EntityManagementScreen<Cdn>
      namespace="cdns"
      basePath={basePathOf('cdn')}
      sort="name"
      adminOnlyWrites
      columns={[
        { key: 'name', header: t('name') },
        { key: 'url', header: t('url'), className: 'max-w-xs break-all' },
        { key: 'type', header: t('type'), render: (row) => (row.type ? t(`types.${row.type}`) : '') },
        { key: 'size', header: t('size') },
        {
          key: 'provider',
          header: t('provider'),
          render: (row) => (row.provider ? (providerNames.get(row.provider) ?? '') : ''),
        },
        { key: 'tags', header: t('tags'), render: (row) => (row.tags ?? []).join(', ') },
        {
          key: 'status',
          header: t('status'),
          render: (row) => <StatusBadge status={row.status} label={t(`statuses.${row.status ?? 'Active'}`)} />,
        },
      ]}
      fields={fields}
      codeFields={{ 'cdns.nameExists': 'name' }}
      errorCodes={{
        fetch: 'cdns.fetchFailed',
        create: 'cdns.createFailed',
        update: 'cdns.updateFailed',
        delete: 'cdns.updateFailed',
      }}
    />
  );
}
