import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import { mosEntryColumns } from '../mos-entry-columns.ts';

type Mos = Entity & { name: string; entries?: { kpi: string; weight: number; mappingFunction: string }[] };

/** /moses (docs/product/api.md#mos): how KPI values map to a MOS score; the entries' weights add up to 100. */
export default function MosPage() {
  const { t } = useTranslation('mos');
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'name', kind: 'text', required: true },
      { name: 'entries', label: 'entries', kind: 'rows', hint: 'entriesHint', columns: mosEntryColumns(t) },
    ],
    [t],
  );
  return (
    <EntityManagementScreen<Mos>
      namespace="mos"
      basePath={basePathOf('mos')}
      sort="name"
      canClone
      adminOnlyWrites
      columns={[
        { key: 'name', header: t('name') },
        {
          key: 'entries',
          header: t('entries'),
          render: (row) =>
            (row.entries ?? [])
              .map(
                (entry) =>
                  `${kpiLabel(entry.kpi)} ${entry.weight}% (${t(`mappingFunctions.${entry.mappingFunction}`)})`,
              )
              .join(', '),
        },
      ]}
      fields={fields}
      codeFields={{ 'moses.nameExists': 'name', 'moses.weightsNotHundred': 'entries' }}
      errorCodes={{ fetch: 'generic.fetchFailed' }}
    />
  );
}
