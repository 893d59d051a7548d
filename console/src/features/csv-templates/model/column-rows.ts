import {
  type CsvColumnOperation,
  type CsvTemplateColumn,
  csvValueKindOf,
  csvValueKinds,
  kpisOfProgramType,
} from '@nq/contracts/configuration/csv-template';
import { kpiCatalogue } from '@nq/contracts/measurements/kpis';

/** A column as the editor holds it: a program ('' for every program), a field or KPI, an operation. */
export interface ColumnRow {
  key: number;
  program: string;
  source: 'field' | 'key';
  name: string;
  operation: CsvColumnOperation;
}

let nextKey = 1;
export const newRowKey = () => nextKey++;

export const rowOf = (column: CsvTemplateColumn): ColumnRow => ({
  key: newRowKey(),
  program: column.program ?? '',
  source: column.key !== undefined ? 'key' : 'field',
  name: column.key ?? column.field ?? '',
  operation: column.operation,
});

export const columnOf = (row: ColumnRow): CsvTemplateColumn =>
  ({
    ...(row.program ? { program: row.program } : {}),
    ...(row.source === 'key' ? { key: row.name } : { field: row.name }),
    operation: row.operation,
  }) as CsvTemplateColumn;

/** The operations a row's values take. */
export const operationsOf = (row: Pick<ColumnRow, 'source' | 'name'>): readonly CsvColumnOperation[] =>
  csvValueKinds[csvValueKindOf(row.source === 'key' ? { key: row.name } : { field: row.name })];

/** The KPIs a column of this program may write: those its type measures (any program: all), within the profile's. */
export function kpiChoices(programType: number | undefined, profileKpis: readonly string[]) {
  const measured = programType === undefined ? kpiCatalogue : kpisOfProgramType(programType);
  return measured.filter((kpi) => profileKpis.length === 0 || profileKpis.includes(kpi.id));
}

/** A row changed in one part: a new source or name keeps the operation only when it still applies. */
export function changedRow(row: ColumnRow, change: Partial<Omit<ColumnRow, 'key'>>): ColumnRow {
  const next = { ...row, ...change };
  return operationsOf(next).includes(next.operation) ? next : { ...next, operation: 'value' };
}
