import { DataTable, type DataTableProps } from '../ui/DataTable.tsx';

export interface QueryTableProps<Row> extends Omit<DataTableProps<Row>, 'rows' | 'loading'> {
  query: { data?: { list: readonly Row[] } | undefined; isFetching: boolean };
}

/** The rows a list query answered, "loading" while it fetches. */
export function QueryTable<Row>({ query, ...table }: QueryTableProps<Row>) {
  return <DataTable<Row> {...table} rows={query.data?.list} loading={query.isFetching} />;
}
