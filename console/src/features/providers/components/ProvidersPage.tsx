import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { countryOptions } from '../../../shared/i18n/countries.ts';
import type { Provider } from '../api/providers-api.ts';
import { ProviderDetector } from './ProviderDetector.tsx';

const fieldsIn = (language: string): FieldSpec[] => [
  { name: 'name', label: 'name', kind: 'text', required: true, fixedOnEdit: true, hint: 'nameHint' },
  { name: 'label', label: 'label', kind: 'text', required: true },
  {
    name: 'country',
    label: 'country',
    kind: 'select',
    required: true,
    options: countryOptions(language),
  },
  { name: 'numeric', label: 'numeric', kind: 'text', required: true, hint: 'numericHint', placeholder: '21407' },
  { name: 'spn', label: 'spn', kind: 'text' },
  { name: 'probeId', label: 'probeId', kind: 'text', hint: 'probeIdHint' },
  { name: 'imsis', label: 'imsis', kind: 'list', hint: 'imsisHint' },
  { name: 'ipRanges', label: 'ipRanges', kind: 'list', hint: 'ipRangesHint' },
  { name: 'colour', label: 'colour', kind: 'color' },
];

/** /tools/providers-management: operators with their codes, IMSIs and IP ranges; the name never changes. */
export default function ProvidersPage() {
  const { t, i18n } = useTranslation('providers');
  const fields = useMemo(() => fieldsIn(i18n.language), [i18n.language]);
  return (
    <EntityManagementScreen<Provider>
      namespace="providers"
      basePath={basePathOf('provider')}
      sort="name"
      adminOnlyWrites
      columns={[
        {
          key: 'name',
          header: t('name'),
          render: (row) => (
            <span className="inline-flex items-center gap-2">
              {row.colour && <span className="h-3 w-3 rounded-full" style={{ backgroundColor: row.colour }} />}
              {row.name}
            </span>
          ),
        },
        { key: 'label', header: t('label') },
        { key: 'country', header: t('country') },
        { key: 'numeric', header: t('numeric') },
        { key: 'spn', header: t('spn') },
        { key: 'imsis', header: t('imsis'), render: (row) => (row.imsis ?? []).join(', ') },
        { key: 'ipRanges', header: t('ipRanges'), render: (row) => (row.ipRanges ?? []).join(', ') },
      ]}
      fields={fields}
      codeFields={{
        'providers.nameExists': 'name',
        'providers.nameChangeNotAllowed': 'name',
        'providers.imsiAlreadyAssigned': 'imsis',
      }}
      errorCodes={{
        fetch: 'providers.fetchFailed',
        create: 'providers.saveFailed',
        update: 'providers.saveFailed',
        delete: 'providers.saveFailed',
      }}
    >
      <ProviderDetector />
    </EntityManagementScreen>
  );
}
