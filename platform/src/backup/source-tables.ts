import type { BackedUpTable } from '../sql/migrations.ts';
import type { SqlExecutor, SqlParam, SqlTransaction } from '../sql/sql-client.ts';

type Row = Record<string, unknown>;

export async function tableExists(sql: SqlExecutor, table: string) {
  const [row] = await sql.query<{ found: string | null }>('select to_regclass($1)::text as found', [table]);
  return Boolean(row?.found);
}

/** Every row of `table` in key order, `pageSize` at a time, without its local columns. */
export async function* rowsOf(sql: SqlExecutor, table: BackedUpTable, pageSize = 1_000): AsyncGenerator<Row[]> {
  const keys = table.key.join(', ');
  const without = (table.local ?? []).map((column) => ` - '${column}'`).join('');
  for (let after: unknown[] | undefined; ; ) {
    const where = after ? `where (${keys}) > (${after.map((_, index) => `$${index + 1}`).join(', ')})` : '';
    const rows = await sql.query<{ row: Row }>(
      `select to_jsonb(t)${without} as row from ${table.name} t ${where} order by ${keys} limit ${pageSize}`,
      (after ?? []) as SqlParam[],
    );
    if (rows.length === 0) return;
    yield rows.map(({ row }) => row);
    const last = rows.at(-1)!.row;
    after = table.key.map((column) => last[column]);
  }
}

/** The columns a restore writes: all but the local ones. */
export async function restoredColumns(sql: SqlExecutor, table: BackedUpTable) {
  const columns = await sql.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table.name],
  );
  return columns.map(({ column_name }) => column_name).filter((column) => !(table.local ?? []).includes(column));
}

/** Writes rows read by `rowsOf` back, keeping their identity values. */
export async function insertRows(tx: SqlTransaction, table: BackedUpTable, columns: readonly string[], rows: Row[]) {
  if (rows.length === 0) return;
  const list = columns.join(', ');
  const conflict = table.replace
    ? ` on conflict (${table.key.join(', ')}) do update set ${columns
        .filter((column) => !table.key.includes(column))
        .map((column) => `${column} = excluded.${column}`)
        .join(', ')}`
    : '';
  await tx.query(
    `insert into ${table.name} (${list}) overriding system value
     select ${list} from jsonb_populate_recordset(null::${table.name}, $1::jsonb)${conflict}`,
    [JSON.stringify(rows)],
  );
}

/** Moves a table's identity past its highest value, so that the next row written follows the restored ones. */
export async function followRestoredIdentity(tx: SqlTransaction, table: BackedUpTable) {
  if (!table.identity) return;
  await tx.query(
    `select setval(pg_get_serial_sequence('${table.name}', '${table.identity}'),
       (select coalesce(max(${table.identity}), 0) + 1 from ${table.name}), false)`,
  );
}
