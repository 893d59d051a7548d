import { type LogPosition, logStart } from '@nq/contracts';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient, SqlParam } from '../sql/sql-client.ts';
import {
  type DocumentWrite,
  defaultScanBatch,
  type ListFilter,
  type ListQuery,
  type ReadDocument,
  type ReadStore,
} from './read-store-port.ts';
import {
  geoPointColumns,
  rangeCondition,
  type SqlAggregationOptions,
  sqlAggregations,
  withinCondition,
} from './sql-read-store-aggregations.ts';

const schema = `
create table if not exists rm_documents (
  collection text not null, id text not null, doc jsonb not null, version bigint not null,
  primary key (collection, id));
create table if not exists rm_checkpoints (projection text primary key, position text not null);
`;

/** The tables this adapter owns, step by step (a later change is a new step). */
export const readModelSchema: SchemaModule = {
  name: 'read-models',
  migrations: [
    { id: '1-tables', up: schema },
    { id: '2-geo-point-columns', up: geoPointColumns },
  ],
};

const fieldName = /^[A-Za-z_][A-Za-z0-9_]*$/;
function field(name: string): string {
  if (!fieldName.test(name)) throw new Error(`not a queryable field: ${name}`);
  return name;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function condition(filter: ListFilter, params: SqlParam[]): string {
  const contains = (name: string, value: unknown) => {
    params.push(JSON.stringify(value));
    return `doc->'${field(name)}' @> $${params.length}::jsonb`;
  };
  const any = (alternatives: string[]) => (alternatives.length > 0 ? `(${alternatives.join(' or ')})` : 'false');
  if ('anyOf' in filter) return any(filter.anyOf.map((nested) => condition(nested, params)));
  if ('range' in filter) return rangeCondition(`doc->'${field(filter.field)}'`, filter.range, params);
  if ('within' in filter) return withinCondition(field(filter.field), filter.within, params);
  if ('equals' in filter) return contains(filter.field, filter.equals);
  return anyValueCondition(filter, params, any, contains);
}

/**
 * `in` as one parameter for its strings, however many (a restricted profile's probes can be 100,000 ids: one
 * condition each made a statement PostgreSQL refuses past 65,535 parameters, and slow long before). `?|` is true when
 * the field is one of the strings or an array holding one; the id is the table's key column. Numbers, rare and few,
 * stay conditions of their own.
 */
function anyValueCondition(
  filter: { field: string; in: (string | number)[] },
  params: SqlParam[],
  any: (alternatives: string[]) => string,
  contains: (name: string, value: unknown) => string,
): string {
  const strings = filter.in.filter((value): value is string => typeof value === 'string');
  const numbers = filter.in.filter((value) => typeof value === 'number');
  const alternatives = numbers.map((value) => contains(filter.field, value));
  if (strings.length > 0) {
    params.push(strings);
    alternatives.push(
      filter.field === 'id'
        ? `id = any($${params.length}::text[])`
        : `doc->'${field(filter.field)}' ?| $${params.length}::text[]`,
    );
  }
  return any(alternatives);
}

function whereClause(query: Pick<ListQuery, 'filters' | 'search'>, params: SqlParam[]): string {
  const conditions = (query.filters ?? []).map((filter) => condition(filter, params));
  if (query.search && query.search.text !== '') {
    params.push(`%${escapeLike(query.search.text)}%`);
    conditions.push(
      `(${query.search.fields.map((name) => `doc->>'${field(name)}' ilike $${params.length}`).join(' or ')})`,
    );
  }
  return conditions.map((condition) => ` and ${condition}`).join('');
}

/** Splits writes into rounds where each id appears once: the n-th write to an id goes in round n. */
function rounds(writes: DocumentWrite[]): DocumentWrite[][] {
  const seen = new Map<string, number>();
  const result: DocumentWrite[][] = [];
  for (const write of writes) {
    const round = seen.get(write.id) ?? 0;
    seen.set(write.id, round + 1);
    if (round === result.length) result.push([]);
    result[round]!.push(write);
  }
  return result;
}

/** Read models as JSON documents in SQL (PGlite in the embedded profile, or PostgreSQL). */
export async function openSqlReadStore(sql: SqlClient, options: SqlAggregationOptions = {}): Promise<ReadStore> {
  await migrate(sql, readModelSchema);
  return {
    adapter: `sql (${sql.dialect})`,
    async write(projection, collection, writes, checkpoint) {
      await sql.transaction(async (tx) => {
        // One statement per kind of write instead of one per document. Ids are unique within a round, so each
        // statement touches a row at most once; a later write to the same id goes in a later round, keeping its order.
        for (const round of rounds(writes)) {
          const deletions = round.filter(({ doc }) => doc === null);
          const upserts = round.filter(({ doc }) => doc !== null);
          if (deletions.length > 0) {
            await tx.query(
              `delete from rm_documents d using jsonb_to_recordset($2::jsonb) as w(id text, version bigint)
               where d.collection = $1 and d.id = w.id and d.version <= w.version`,
              [collection, JSON.stringify(deletions.map(({ id, version }) => ({ id, version: version.toString() })))],
            );
          }
          if (upserts.length > 0) {
            await tx.query(
              `insert into rm_documents (collection, id, doc, version)
               select $1, w.id, w.doc, w.version from jsonb_to_recordset($2::jsonb) as w(id text, doc jsonb, version bigint)
               on conflict (collection, id) do update set doc = excluded.doc, version = excluded.version
               where rm_documents.version < excluded.version`,
              [
                collection,
                JSON.stringify(upserts.map(({ id, doc, version }) => ({ id, doc, version: version.toString() }))),
              ],
            );
          }
        }
        if (checkpoint !== undefined)
          await tx.query(
            `insert into rm_checkpoints (projection, position) values ($1, $2)
             on conflict (projection) do update set position = excluded.position`,
            [projection, checkpoint],
          );
      });
    },
    async get(collection, id) {
      const [row] = await sql.query<{ doc: ReadDocument }>(
        'select doc from rm_documents where collection = $1 and id = $2',
        [collection, id],
      );
      return row?.doc;
    },
    async getMany(collection, ids) {
      if (ids.length === 0) return new Map();
      const rows = await sql.query<{ id: string; doc: ReadDocument }>(
        'select id, doc from rm_documents where collection = $1 and id = any($2::text[])',
        [collection, [...ids]],
      );
      return new Map(rows.map(({ id, doc }) => [id, doc]));
    },
    async list(collection, query) {
      const params: SqlParam[] = [collection];
      const where = whereClause(query, params);
      const order = [
        ...(query.sort ?? []).map(({ field: name, order }) => `doc->'${field(name)}' ${order} nulls last`),
        'id asc',
      ].join(', ');
      params.push(query.limit, query.offset);
      const rows = await sql.query<{ doc: ReadDocument; total: string }>(
        `select doc, count(*) over () as total from rm_documents where collection = $1${where}
         order by ${order} limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.offset > 0) {
        const [count] = await sql.query<{ total: string }>(
          `select count(*) as total from rm_documents where collection = $1${where}`,
          params.slice(0, -2),
        );
        total = Number(count?.total ?? 0);
      }
      return { items: rows.map((row) => row.doc), total };
    },
    async *scan(collection, query = {}) {
      const batch = query.batch ?? defaultScanBatch;
      type Row = { id: string; doc: ReadDocument };
      // On PGlite, read along the key's index, sorting forbidden: it runs no autovacuum, so no table is ever analysed,
      // and without statistics the planner guessed a handful of rows after `after` and read and sorted every one of
      // them for each batch (the rows read grew with the square of the collection). PostgreSQL has statistics and
      // picks its plan itself (a sort can be the cheaper one there, for a filter that few documents match).
      const read = (text: string, params: SqlParam[]) =>
        sql.dialect === 'pglite'
          ? sql.transaction(async (tx) => {
              await tx.query('set local enable_sort = off');
              return tx.query<Row>(text, params);
            })
          : sql.query<Row>(text, params);
      for (let after = query.after; ; ) {
        const params: SqlParam[] = [collection];
        const where = whereClause(query, params);
        const from = after === undefined ? '' : ` and id > $${params.push(after)}`;
        const rows = await read(
          `select id, doc from rm_documents where collection = $1${where}${from}
           order by id limit $${params.push(batch)}`,
          params,
        );
        if (rows.length > 0) yield rows.map((row) => row.doc);
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },
    async checkpoint(projection) {
      const [row] = await sql.query<{ position: LogPosition }>(
        'select position from rm_checkpoints where projection = $1',
        [projection],
      );
      return row?.position ?? logStart;
    },
    async reset(projection, collection) {
      await sql.transaction(async (tx) => {
        await tx.query('delete from rm_documents where collection = $1', [collection]);
        await tx.query('delete from rm_checkpoints where projection = $1', [projection]);
      });
    },
    ...sqlAggregations(sql, whereClause, field, options),
    ping: async () => void (await sql.query('select 1')),
    close: async () => undefined,
  };
}
