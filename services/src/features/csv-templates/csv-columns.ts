import {
  type CsvMeasurementField,
  type CsvTemplateColumn,
  type CsvTemplateFields,
  csvHeaderOf,
  csvValueKindOf,
  defaultMeasurementSource,
  type EnrichedMeasurement,
} from '@nq/contracts';
import type { MeasurementNames } from '../analytics/index.ts';

export type CsvCell = string | number;
type Value = string | number | undefined;

/** One column of an extraction: its header, and how a group of measurements (one, in a plain extraction) fills it. */
export interface CsvColumn {
  header: string;
  column: CsvTemplateColumn;
  /** The column's value in one measurement (undefined when absent, or when the measurement is of another program). */
  valueOf(measurement: EnrichedMeasurement): Value;
  /** The cell a group of measurements writes: the column's operation over their values ('' when none has one). */
  cellOf(group: readonly EnrichedMeasurement[]): CsvCell;
  /** `cellOf([measurement])` without building a group (an extraction writes one row per measurement). */
  cellOfOne(measurement: EnrichedMeasurement): CsvCell;
}

const listed = (values: readonly string[]) => (values.length > 0 ? values.join('|') : undefined);

/**
 * How each field reads a measurement. Entity references are written as names (a provider, campaigns, tags…): a person
 * reads the file; the fields named as ids (`ispId`, `providerId`, `probeId`…) keep the ids, for joining.
 */
const fieldReadersWith = (
  names: MeasurementNames,
): Record<CsvMeasurementField, (measurement: EnrichedMeasurement) => Value> => ({
  measurementId: (m) => m.measurementId,
  measuredAt: (m) => m.measuredAt,
  receivedAt: (m) => m.receivedAt,
  probeId: (m) => m.probeId,
  probeType: (m) => m.probeType,
  source: (m) => m.source ?? defaultMeasurementSource,
  program: (m) => m.program,
  testType: (m) => m.testType,
  status: (m) => m.status,
  taskMode: (m) => m.taskMode,
  taskSuite: (m) => m.taskSuite,
  connectionId: (m) => m.connectionId,
  destination: (m) => m.destination?.name,
  technology: (m) => m.technology,
  technologyLabel: (m) => m.technologyLabel,
  isp: (m) => m.isp,
  // The ISP's provider by its name; an ISP no provider matched, as it was reported.
  ispName: (m) => (m.ispId !== undefined ? names.nameOf('provider', m.ispId) : m.isp),
  ispId: (m) => m.ispId,
  provider: (m) => (m.provider !== undefined ? names.nameOf('provider', m.provider) : undefined),
  providerId: (m) => m.provider,
  ip: (m) => m.ip,
  latitude: (m) => m.location?.lat,
  longitude: (m) => m.location?.lon,
  hour: (m) => m.hour,
  weekday: (m) => m.weekday,
  fringe: (m) => m.fringe,
  campaigns: (m) => listed(names.namesOf('campaign', m.campaigns)),
  clusters: (m) => listed(names.namesOf('cluster', m.clusters)),
  universes: (m) => listed(names.namesOf('universe', m.universes)),
  tags: (m) => listed(names.namesOf('tag', m.tags)),
  deviceModel: (m) => m.device?.model,
  appVersion: (m) => m.device?.appVersion,
});

const numbersOf = (values: readonly Value[]) => values.filter((value): value is number => typeof value === 'number');
const byTime = (a: Value, b: Value) => Date.parse(String(a)) - Date.parse(String(b));

function operate(column: CsvTemplateColumn, values: readonly Value[]): CsvCell {
  if (column.operation === 'count') return values.length;
  if (values.length === 0) return '';
  if (column.operation === 'value') return values[0]!;
  if (csvValueKindOf(column) === 'time') {
    const sorted = [...values].sort(byTime);
    return (column.operation === 'min' ? sorted[0] : sorted.at(-1))!;
  }
  const numbers = numbersOf(values);
  if (numbers.length === 0) return '';
  const sum = numbers.reduce((total, value) => total + value, 0);
  if (column.operation === 'sum') return sum;
  if (column.operation === 'avg') return sum / numbers.length;
  return column.operation === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

/** The operation over a single value: itself (a count of 1), or '' when absent or not a number a sum needs. */
function operateOnOne(column: CsvTemplateColumn, isTime: boolean, value: Value): CsvCell {
  if (column.operation === 'count') return value === undefined ? 0 : 1;
  if (value === undefined) return '';
  if (column.operation === 'value' || isTime) return value;
  return typeof value === 'number' ? value : '';
}

/**
 * A template as the ordered columns an extraction writes (its header row is `csvBodyOf`). Cells are raw values: the
 * writer quotes them and escapes those a spreadsheet would run as formulas.
 */
export function csvColumnsOf(template: Pick<CsvTemplateFields, 'columns'>, names: MeasurementNames): CsvColumn[] {
  const fieldReaders = fieldReadersWith(names);
  return template.columns.map((column) => {
    const read =
      column.key !== undefined ? (m: EnrichedMeasurement) => m.kpis[column.key!] : fieldReaders[column.field!];
    const valueIn = (measurement: EnrichedMeasurement) =>
      column.program !== undefined && measurement.program !== column.program ? undefined : read(measurement);
    const isTime = csvValueKindOf(column) === 'time';
    return {
      header: csvHeaderOf(column),
      column,
      valueOf: valueIn,
      cellOfOne: (measurement) => operateOnOne(column, isTime, valueIn(measurement)),
      cellOf: (group) =>
        operate(
          column,
          group.map(valueIn).filter((value) => value !== undefined),
        ),
    };
  });
}

/** The row a group of measurements writes, cell by cell. */
export const csvRowOf = (columns: readonly CsvColumn[], group: readonly EnrichedMeasurement[]) =>
  columns.map((column) => column.cellOf(group));
