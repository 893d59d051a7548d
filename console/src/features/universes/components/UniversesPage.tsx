import { basePathOf } from '@nq/contracts/configuration/kinds';
import { universeLogoMaxBytes } from '@nq/contracts/configuration/universe';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { countryDisplayName } from '../../../shared/i18n/countries.ts';

type Universe = Entity & {
  name: string;
  description?: string;
  colour?: string;
  logo?: string;
  attributes?: Record<string, string | undefined>;
  probes?: { probeId: string; start: string; end?: string }[];
};

const attributeNames = ['country', 'provider', 'speed', 'technology', 'region'] as const;

/**
 * Universe (docs/product/entities.md#universe): named groups of probes over date ranges (one probe's ranges never
 * overlap), with a logo.
 */
export default function UniversesPage() {
  const { t, i18n } = useTranslation('universes');
  const probes = useEntityOptions(basePathOf('probe'), ['probeId', 'name']);
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'name', kind: 'text', required: true },
      { name: 'colour', label: 'colour', kind: 'color' },
      { name: 'description', label: 'description', kind: 'textarea' },
      {
        name: 'logo',
        label: 'logo',
        kind: 'image',
        hint: 'logoHint',
        image: { maxBytes: universeLogoMaxBytes, tooLarge: 'universes.logoTooLarge' },
      },
      ...attributeNames.map(
        (name, index): FieldSpec => ({
          name: `attributes.${name}`,
          label: `attributes.${name}`,
          kind: 'text',
          ...(index === 0 ? { section: 'attributesTitle' } : {}),
        }),
      ),
      {
        name: 'probes',
        label: 'probes',
        kind: 'rows',
        hint: 'probesHint',
        columns: [
          { name: 'probeId', label: 'probe', kind: 'select', required: true, options: probes },
          { name: 'start', label: 'start', kind: 'datetime', required: true },
          { name: 'end', label: 'end', kind: 'datetime' },
        ],
      },
    ],
    [probes],
  );
  return (
    <EntityManagementScreen<Universe>
      namespace="universes"
      basePath={basePathOf('universe')}
      sort="name"
      pageSize={50}
      adminOnlyWrites
      columns={[
        {
          key: 'name',
          header: t('name'),
          render: (row) => (
            <span className="inline-flex items-center gap-2">
              {row.logo ? (
                <img src={row.logo} alt="" className="h-6 w-6 rounded object-contain" />
              ) : (
                row.colour && <span className="h-3 w-3 rounded-full" style={{ backgroundColor: row.colour }} />
              )}
              {row.name}
            </span>
          ),
        },
        { key: 'description', header: t('description') },
        {
          key: 'attributes',
          header: t('attributesTitle'),
          render: (row) =>
            attributeNames
              .map((name) => {
                const value = row.attributes?.[name];
                return value && name === 'country' ? countryDisplayName(value, i18n.language) : value;
              })
              .filter(Boolean)
              .join(' · '),
        },
        {
          key: 'probes',
          header: t('probes'),
          render: (row) => [...new Set((row.probes ?? []).map((probe) => probe.probeId))].join(', '),
        },
      ]}
      fields={fields}
      codeFields={{
        'universes.nameExists': 'name',
        'universes.forbiddenName': 'name',
        'universes.dateRangesOverlap': 'probes',
        'probes.notInProfile': 'probes',
      }}
      errorCodes={{ fetch: 'universes.fetchFailed' }}
    />
  );
}
