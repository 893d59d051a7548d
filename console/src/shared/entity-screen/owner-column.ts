import type { Column } from '../ui/DataTable.tsx';

/** The profile that created a listed entity, by name: lists answer `ownerName`; an owner they cannot name keeps its id. */
export const ownerColumn = <Row extends { owner?: unknown; ownerName?: unknown }>(header: string): Column<Row> => ({
  key: 'ownerName',
  header,
  render: (row) => String(row.ownerName ?? row.owner ?? ''),
});
