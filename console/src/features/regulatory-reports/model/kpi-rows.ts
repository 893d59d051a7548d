import type { RegulatoryStatistic } from '@nq/contracts/configuration/regulatory-report';
import {
  type FieldSpec,
  FieldValueError,
  type FormRows,
  type FormValues,
} from '../../../shared/entity-screen/field-spec.ts';
import type { Option } from '../../../shared/ui/fields.tsx';
import { isSpeedKpi } from './statistics.ts';

/** The statistics a KPI row picks from a list; percentiles and thresholds are written, as they take a number. */
export const pickedKinds = ['median', 'mean', 'consistent'] as const;
type PickedKind = (typeof pickedKinds)[number];

/** A KPI of a report as its row in the editor. */
export interface KpiRow extends FormValues {
  kpi: string;
  statistics: string[];
  percentiles: string;
  atLeast: string;
  atMost: string;
}

const numbers = (statistics: readonly RegulatoryStatistic[], kind: 'percentile' | 'shareAtLeast' | 'shareAtMost') =>
  statistics
    .flatMap((statistic) =>
      statistic.kind === kind ? [statistic.kind === 'percentile' ? statistic.p : statistic.threshold] : [],
    )
    .join(', ');

export const kpiRowOf = (kpi: string, statistics: readonly RegulatoryStatistic[]): KpiRow => ({
  kpi,
  statistics: statistics.flatMap((statistic) =>
    (pickedKinds as readonly string[]).includes(statistic.kind) ? [statistic.kind] : [],
  ),
  percentiles: numbers(statistics, 'percentile'),
  atLeast: numbers(statistics, 'shareAtLeast'),
  atMost: numbers(statistics, 'shareAtMost'),
});

/** Numbers written separated by commas or spaces (`10, 90`); one that is not a number is named by the row's field. */
function parsedNumbers(text: unknown, field: string, whole: boolean): number[] {
  const parts = (typeof text === 'string' ? text : '').split(/[\s,;]+/).filter(Boolean);
  return parts.map((part) => {
    const value = Number(part);
    if (!Number.isFinite(value) || (whole && (!Number.isInteger(value) || value < 1 || value > 99)))
      throw new FieldValueError(field, 'validation.invalidNumber');
    return value;
  });
}

/** A row's statistics as the API takes them: picked ones, percentiles, shares; consistent speed only of a speed. */
export function statisticsOfRow(row: FormValues, at: string): RegulatoryStatistic[] {
  const kpi = typeof row.kpi === 'string' ? row.kpi : '';
  const picked = new Set(Array.isArray(row.statistics) ? row.statistics : []);
  const kinds = pickedKinds.filter((kind) => picked.has(kind) && (kind !== 'consistent' || isSpeedKpi(kpi)));
  const simple = (kind: PickedKind): RegulatoryStatistic => ({ kind });
  return [
    ...kinds.filter((kind) => kind !== 'consistent').map(simple),
    ...parsedNumbers(row.percentiles, `${at}.percentiles`, true).map((p) => ({ kind: 'percentile' as const, p })),
    ...parsedNumbers(row.atLeast, `${at}.atLeast`, false).map((threshold) => ({
      kind: 'shareAtLeast' as const,
      threshold,
    })),
    ...parsedNumbers(row.atMost, `${at}.atMost`, false).map((threshold) => ({
      kind: 'shareAtMost' as const,
      threshold,
    })),
    ...kinds.filter((kind) => kind === 'consistent').map(simple),
  ];
}

const rowsOf = (value: unknown): FormValues[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as FormRows).rows : [];

/**
 * The report's KPIs, one row each: the KPI, the statistics picked from a list (median, mean and, of a speed, consistent
 * speed), and the percentiles and share thresholds written as numbers. A new report starts with the download's median.
 */
export function kpisField(options: {
  kpiOptions: readonly Option[];
  statisticOptions: (kpi: string) => readonly Option[];
}): FieldSpec {
  return {
    name: 'kpis',
    label: 'fields.kpis',
    kind: 'rows',
    required: true,
    hint: 'kpisHint',
    columns: [
      { name: 'kpi', label: 'fields.kpi', kind: 'select', required: true, options: options.kpiOptions },
      {
        name: 'statistics',
        label: 'fields.statistics',
        kind: 'multiselect',
        optionsOf: (row) => options.statisticOptions(typeof row.kpi === 'string' ? row.kpi : ''),
      },
      { name: 'percentiles', label: 'fields.percentiles', kind: 'text', placeholder: '10, 90' },
      { name: 'atLeast', label: 'fields.atLeast', kind: 'text', placeholder: '10, 30' },
      { name: 'atMost', label: 'fields.atMost', kind: 'text', placeholder: '50' },
    ],
    convert: {
      toForm: (value) => ({
        rows: Array.isArray(value)
          ? (value as { kpi: string; statistics: RegulatoryStatistic[] }[]).map((item) =>
              kpiRowOf(item.kpi, item.statistics ?? []),
            )
          : [kpiRowOf('download', [{ kind: 'median' }])],
      }),
      toApi: (value) =>
        rowsOf(value).map((row, index) => ({
          ...(typeof row.kpi === 'string' && row.kpi !== '' ? { kpi: row.kpi } : {}),
          statistics: statisticsOfRow(row, `kpis.${index}`),
        })),
    },
  };
}
