import { mosMappingFunctions, mosOperators } from '@nq/contracts/configuration/mos';
import type { TFunction } from 'i18next';
import type { FieldSpec } from '../../shared/entity-screen/field-spec.ts';
import { kpiOptions } from '../../shared/entity-screen/kpi-options.ts';

/**
 * The inputs of one MOS entry (docs/product/entities.md: weight, min to max, operator, mapping function, limits),
 * shared by MOS configurations and scorecards. Labels are keys of the `mos` namespace, so any screen can show them.
 */
export const mosEntryColumns = (t: TFunction): FieldSpec[] => [
  { name: 'kpi', label: 'mos:kpi', kind: 'select', required: true, options: kpiOptions() },
  { name: 'weight', label: 'mos:weight', kind: 'number', required: true },
  { name: 'min', label: 'mos:min', kind: 'number', required: true },
  { name: 'max', label: 'mos:max', kind: 'number', required: true },
  {
    name: 'operator',
    label: 'mos:operator',
    kind: 'select',
    required: true,
    options: mosOperators.map((operator) => ({ value: operator, label: t(`mos:operators.${operator}`) })),
  },
  {
    name: 'mappingFunction',
    label: 'mos:mappingFunction',
    kind: 'select',
    required: true,
    options: mosMappingFunctions.map((name) => ({ value: name, label: t(`mos:mappingFunctions.${name}`) })),
  },
  { name: 'limits.lower', label: 'mos:lower', kind: 'number', required: true },
  { name: 'limits.upper', label: 'mos:upper', kind: 'number', required: true },
  { name: 'limits.absoluteUpper', label: 'mos:absoluteUpper', kind: 'number', required: true },
];
