import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import type { Token } from '../api/credentials-api.ts';
import { CredentialsScreen } from './CredentialsScreen.tsx';

const DAY_MS = 86_400_000;

const fields: FieldSpec[] = [
  { name: 'name', label: 'name', kind: 'text' },
  {
    name: 'expiresAt',
    label: 'expiresAt',
    kind: 'date',
    required: true,
    hint: 'expiresAtHint',
    // A token lasts until the end of the day chosen (UTC).
    convert: {
      toForm: (value) => (typeof value === 'string' ? value.slice(0, 10) : ''),
      toApi: (value) => (typeof value === 'string' && value ? `${value}T23:59:59.000Z` : undefined),
    },
  },
  { name: 'unlimitedRequests', label: 'unlimitedRequests', kind: 'checkbox', hint: 'unlimitedHint' },
];

/**
 * Token (docs/product/entities.md#token): the profile's tokens (Active or Expired), generated with an expiry; the
 * secret is shown once.
 */
export default function TokensPage() {
  const { t } = useTranslation('tokens');
  const dates = useDateFormat();
  return (
    <CredentialsScreen<Token>
      namespace="tokens"
      path="/tokens"
      idOf={(row) => row.tokenId}
      nameOf={(row) => row.name ?? row.tokenId}
      fields={fields}
      defaults={() => ({ expiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10) })}
      codeFields={{ 'tokens.expiryInPast': 'expiresAt', 'tokens.unlimitedInternalOnly': 'unlimitedRequests' }}
      columns={[
        { key: 'name', header: t('name') },
        { key: 'tokenId', header: t('clientId'), identifier: true },
        { key: 'createdAt', header: t('createdAt'), render: (row) => dates.dateTime(row.createdAt) },
        { key: 'expiresAt', header: t('expiresAt'), render: (row) => dates.dateTime(row.expiresAt) },
        {
          key: 'rateLimitPerMinute',
          header: t('requests'),
          render: (row) =>
            row.unlimitedRequests ? t('unlimited') : t('perMinute', { count: row.rateLimitPerMinute ?? 0 }),
        },
        {
          key: 'status',
          header: t('status'),
          render: (row) => <StatusBadge status={row.status} label={t(`statuses.${row.status}`)} />,
        },
      ]}
    />
  );
}
