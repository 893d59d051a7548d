import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import type { ApiClient } from '../api/credentials-api.ts';
import { CredentialsScreen } from './CredentialsScreen.tsx';

const fields: FieldSpec[] = [{ name: 'name', label: 'name', kind: 'text' }];

/** Spec §3 API credentials: client ids and secrets of the caller for this profile; the secret is shown once. */
export default function ApiCredentialsPage() {
  const { t } = useTranslation('apiCredentials');
  return (
    <CredentialsScreen<ApiClient>
      namespace="apiCredentials"
      path="/api-credentials"
      idOf={(row) => row.clientId}
      nameOf={(row) => row.name ?? row.clientId}
      fields={fields}
      columns={[
        { key: 'name', header: t('name') },
        { key: 'clientId', header: t('tokens:clientId'), className: 'font-mono text-xs' },
        { key: 'createdAt', header: t('createdAt'), render: (row) => formatDateTime(row.createdAt) },
      ]}
    />
  );
}
