import { activeStatuses } from '@nq/contracts/configuration/common';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { useIspOptions } from '../../../shared/entity-screen/isp-options.ts';
import { kpiLabel, kpiOptions } from '../../../shared/entity-screen/kpi-options.ts';
import { sourceOptions } from '../../../shared/i18n/value-texts.ts';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';
import { mosEntryColumns } from '../../mos/mos-entry-columns.ts';
import { hourFringesField } from './hour-fringes.ts';
import { ProfileKpiFringes } from './ProfileKpiFringes.tsx';

type Scorecard = Entity & {
  name: string;
  status?: string;
  weight?: number;
  maxScore?: number;
  kpis?: { kpi: string; weight: number }[];
};

/**
 * /scoreManagement: scorecards (weights, what they compare over — campaigns, clusters, providers, ISPs, universes and
 * sources —, KPIs with fringes, MOS entries), and the profile's KPI fringes.
 */
export default function ScoreManagementPage() {
  const { t } = useTranslation('scoreManagement');
  const campaigns = useEntityOptions(basePathOf('campaign'));
  const clusters = useEntityOptions(basePathOf('cluster'));
  const providers = useEntityOptions(basePathOf('provider'));
  const universes = useEntityOptions(basePathOf('universe'));
  const isps = useIspOptions();
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'name', kind: 'text', required: true },
      {
        name: 'status',
        label: 'status',
        kind: 'select',
        options: activeStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
      { name: 'weight', label: 'weight', kind: 'number', required: true, hint: 'weightHint' },
      { name: 'maxScore', label: 'maxScore', kind: 'number', required: true },
      { name: 'campaigns', label: 'campaigns', kind: 'multiselect', options: campaigns, section: 'scopeTitle' },
      { name: 'clusters', label: 'clusters', kind: 'multiselect', options: clusters },
      { name: 'providers', label: 'providers', kind: 'multiselect', options: providers },
      { name: 'isps', label: 'isps', kind: 'multiselect', options: isps },
      { name: 'universes', label: 'universes', kind: 'multiselect', options: universes },
      { name: 'sources', label: 'sources', kind: 'multiselect', options: sourceOptions(t), hint: 'sourcesHint' },
      {
        name: 'kpis',
        label: 'kpis',
        kind: 'rows',
        hint: 'kpisHint',
        columns: [
          { name: 'kpi', label: 'kpi', kind: 'select', required: true, options: kpiOptions() },
          { name: 'weight', label: 'kpiWeight', kind: 'number', required: true },
          hourFringesField('fringes', 'hourFringes'),
        ],
      },
      {
        name: 'mosEntries',
        label: 'mosEntries',
        kind: 'rows',
        hint: 'mosHint',
        columns: mosEntryColumns(t),
      },
    ],
    [t, campaigns, clusters, providers, isps, universes],
  );
  return (
    <div>
      <EntityManagementScreen<Scorecard>
        namespace="scoreManagement"
        basePath={basePathOf('scorecard')}
        sort="name"
        canClone
        adminOnlyWrites
        columns={[
          { key: 'name', header: t('name') },
          { key: 'weight', header: t('weight'), render: (row) => (row.weight === undefined ? '' : `${row.weight}%`) },
          { key: 'maxScore', header: t('maxScore') },
          {
            key: 'kpis',
            header: t('kpis'),
            render: (row) => (row.kpis ?? []).map((kpi) => `${kpiLabel(kpi.kpi)} ${kpi.weight}%`).join(', '),
          },
          {
            key: 'status',
            header: t('status'),
            render: (row) => <StatusBadge status={row.status} label={t(`statuses.${row.status ?? 'Active'}`)} />,
          },
        ]}
        fields={fields}
        codeFields={{
          'scorecards.nameExists': 'name',
          'scorecards.kpiWeightsNotHundred': 'kpis',
          'moses.weightsNotHundred': 'mosEntries',
        }}
        errorCodes={{ fetch: 'scorecards.fetchFailed' }}
      />
      <ProfileKpiFringes />
    </div>
  );
}
