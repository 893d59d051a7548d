import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import type { ApiClient } from '../api/credentials-api.ts';
import { CredentialsScreen } from './CredentialsScreen.tsx';

const fields: FieldSpec[] = [{ name: 'name', label: 'name', kind: 'text' }];

/**
 * API credentials (docs/product/entities.md#api-credentials): client ids and secrets of the caller for this profile;
 * the secret is shown once.
 */
export default function ApiCredentialsPage() {
  const { t } = useTranslation('apiCredentials');
  const dates = useDateFormat();
  return (
    <CredentialsScreen<ApiClient>
      namespace="apiCredentials"
      path="/api-credentials"
      idOf={(row) => row.clientId}
      nameOf={(row) => row.name ?? row.clientId}
      fields={fields}
      columns={[
        { key: 'name', header: t('name') },
        { key: 'clientId', header: t('tokens:clientId'), identifier: true },
        { key: 'createdAt', header: t('createdAt'), render: (row) => dates.dateTime(row.createdAt) },
      ]}
    />
  );
}
