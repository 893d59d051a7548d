import { DomainError, type LogPosition, logPosition, type StoredEvent, splitLogPosition } from '@nq/contracts';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { eventIdFor } from './event-ids.ts';
import type { AppendRequest, AppendResult, EventStore, ReadStreamOptions, RecordedQuery } from './event-store-port.ts';
import { appendWithin } from './sql-append.ts';
import { type EventRow, eventColumns } from './sql-event-rows.ts';
import { type Upcasting, upcast } from './upcasters.ts';

// One implementation for PostgreSQL and PGlite. Each event keeps the id of the transaction that wrote it;
// the global log is read in (transaction, sequence) order and only below the oldest transaction still running, so
// an event committed late by a transaction that started early is never skipped by a reader.
const schema = `
create table if not exists es_events (
  sequence bigint generated always as identity primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_version int not null,
  event_id uuid not null unique,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_version));
create index if not exists es_events_log_order on es_events (transaction_id, sequence);
create table if not exists es_streams (
  stream_id text primary key, version int not null, deleted boolean not null default false);
create table if not exists es_reservations (
  scope text not null, value text not null, stream_id text not null, primary key (scope, value));
create table if not exists es_references (
  from_stream text not null, to_stream text not null, primary key (from_stream, to_stream));
create index if not exists es_references_to on es_references (to_stream);
`;

/** The tables this adapter owns, step by step (a later change is a new step). */
export const eventStoreSchema: SchemaModule = {
  name: 'event-store',
  migrations: [
    { id: '1-tables', up: schema },
    // Configuration changes over a period (change markers on time charts) are read by when they were recorded.
    { id: '2-recorded-at', up: 'create index if not exists es_events_recorded_at on es_events (recorded_at)' },
  ],
  // A restore's events all take the restoring transaction's id: ordered by their sequence within it, they keep
  // their order in the log, and no event comes from a transaction this database has yet to reach.
  backedUp: [
    { name: 'es_events', key: ['sequence'], local: ['transaction_id'], identity: 'sequence' },
    { name: 'es_streams', key: ['stream_id'] },
    { name: 'es_reservations', key: ['scope', 'value'] },
    { name: 'es_references', key: ['from_stream', 'to_stream'] },
  ],
};

const NOTIFY_CHANNEL = 'nq_event_store';
const UNIQUE_VIOLATION = '23505';

/**
 * Where the global log may be read up to: below the oldest transaction still running when the read began, as a
 * transaction that commits later may hold events of a lower position. On PostgreSQL only this database's transactions
 * count: the snapshot's running transactions (`xip`) lose those that pg_stat_activity shows belonging to another
 * database of the server (a long write there, another application's or another test run's, would otherwise hold every
 * reader of this log back). Every race errs towards waiting: a transaction that ends between the snapshot and that
 * look is still counted as running here. PGlite holds one database.
 */
const readHorizon = (dialect: SqlClient['dialect']) =>
  dialect === 'postgresql'
    ? `least(pg_snapshot_xmax(pg_current_snapshot()), (
         select min(running) from pg_snapshot_xip(pg_current_snapshot()) running
         where running::text::bigint % 4294967296 not in (
           select backend_xid::text::bigint from pg_stat_activity
           where datname is distinct from current_database() and backend_xid is not null)))`
    : 'pg_snapshot_xmin(pg_current_snapshot())';
/** `upcasting`: how every read (streams, the log, a period's events, an append's answer) sees stored events. */
export async function openSqlEventStore(sql: SqlClient, upcasting: Upcasting = {}): Promise<EventStore> {
  await migrate(sql, eventStoreSchema);

  const toEvent = (row: EventRow): StoredEvent =>
    upcast(
      {
        eventId: row.event_id,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        position: logPosition(row.transaction_id, row.sequence),
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
        metadata: row.metadata,
        recordedAt: new Date(row.recorded_at).toISOString(),
      },
      upcasting,
    );

  const resultOf = (events: StoredEvent[], replayed: boolean): AppendResult => {
    const last = events.at(-1)!;
    return { streamVersion: last.streamVersion, position: last.position, events, replayed };
  };

  /** Each request's events when its command was appended already (undefined when it was not). */
  async function alreadyAppended(requests: readonly AppendRequest[]): Promise<(AppendResult | undefined)[]> {
    const idsOf = (request: AppendRequest) =>
      request.events.map((_, index) => eventIdFor(request.metadata.commandId, index));
    const rows = await sql.query<EventRow>(
      `select ${eventColumns} from es_events where event_id = any($1::uuid[]) order by es_events.sequence`,
      [requests.flatMap(idsOf)],
    );
    const byId = new Map(rows.map((row) => [row.event_id, row]));
    return requests.map((request) => {
      const events = idsOf(request).flatMap((id) => byId.get(id) ?? []);
      return events.length > 0 ? resultOf(events.map(toEvent), true) : undefined;
    });
  }

  async function appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    if (requests.some((request) => request.events.length === 0)) throw new Error('append needs at least one event');
    if (new Set(requests.map((request) => request.streamId)).size < requests.length)
      throw new Error('append one request per stream');
    if (requests.length === 0) return [];
    const replays = await alreadyAppended(requests);
    const fresh = requests.filter((_, index) => !replays[index]);
    if (fresh.length === 0) return replays as AppendResult[];
    try {
      const rows = await sql.transaction(async (tx) => {
        const inserted = await appendWithin(tx, fresh);
        await tx.query(`select pg_notify('${NOTIFY_CHANNEL}', '')`);
        return inserted;
      });
      const byStream = Map.groupBy(
        rows.sort((a, b) => a.stream_version - b.stream_version).map(toEvent),
        (event) => event.streamId,
      );
      return requests.map((request, index) => replays[index] ?? resultOf(byStream.get(request.streamId)!, false));
    } catch (error) {
      // A concurrent retry of the same commands won the race: answer as the first one did.
      const isConflict = error instanceof DomainError && error.code === 'request.conflict';
      if (isConflict || (error as { code?: string }).code === UNIQUE_VIOLATION) {
        const again = await alreadyAppended(requests);
        if (again.every((replay) => replay !== undefined)) return again as AppendResult[];
      }
      throw error;
    }
  }

  return {
    append: async (request) => (await appendMany([request]))[0]!,
    appendMany,
    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      const rows = await sql.query<EventRow>(
        `select ${eventColumns} from es_events
         where stream_id = $1 and ($2::timestamptz is null or date_trunc('milliseconds', recorded_at) <= $2::timestamptz)
         order by stream_version`,
        [streamId, options.recordedUntil?.toISOString() ?? null],
      );
      return rows.map(toEvent);
    },
    async readStreams(streamIds) {
      const rows = await sql.query<EventRow>(
        `select ${eventColumns} from es_events where stream_id = any($1::text[]) order by stream_id, stream_version`,
        [[...streamIds]],
      );
      return Map.groupBy(rows.map(toEvent), (event) => event.streamId);
    },
    async readRecorded({ from, to, streamPrefixes, limit }: RecordedQuery) {
      const patterns = streamPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`);
      const rows = await sql.query<EventRow>(
        `select ${eventColumns} from es_events
         where recorded_at >= $1::timestamptz and date_trunc('milliseconds', recorded_at) <= $2::timestamptz
           and stream_id like any($3::text[])
         order by es_events.recorded_at desc, es_events.sequence desc limit $4`,
        [from.toISOString(), to.toISOString(), patterns, limit],
      );
      return rows.map(toEvent);
    },
    async readAll(after: LogPosition, limit: number) {
      const { transactionId, sequence } = splitLogPosition(after);
      const from = `from es_events where (transaction_id, sequence) > ($1::xid8, $2::bigint)
         and transaction_id < ${readHorizon(sql.dialect)}`;
      const order = 'order by es_events.transaction_id, es_events.sequence';
      const params = [transactionId, sequence, limit];
      if (sql.dialect === 'postgresql') {
        return (await sql.query<EventRow>(`select ${eventColumns} ${from} ${order} limit $3`, params)).map(toEvent);
      }
      // PGlite spends more converting a thousand rows field by field than running the query: one JSON row instead.
      const [batch] = await sql.query<{ events: EventRow[] | string }>(
        `select coalesce(json_agg(page order by page.ordinal), '[]') as events from (
           select ${eventColumns}, row_number() over (${order}) as ordinal ${from} ${order} limit $3) page`,
        params,
      );
      const rows = typeof batch?.events === 'string' ? (JSON.parse(batch.events) as EventRow[]) : (batch?.events ?? []);
      return rows.map(toEvent);
    },
    async holderOf(scope: string, value: string) {
      const [row] = await sql.query<{ stream_id: string }>(
        'select stream_id from es_reservations where scope = $1 and value = $2',
        [scope, value],
      );
      return row?.stream_id;
    },
    async head() {
      // Every committed event, also those a reader cannot pass yet: the oldest transaction of this database still
      // running holds readers back, but a caller waiting for the head must wait for what it has just written.
      const [row] = await sql.query<{ transaction_id: string; sequence: string }>(
        `select transaction_id::text, sequence::text from es_events
         order by es_events.transaction_id desc, es_events.sequence desc limit 1`,
      );
      return row ? logPosition(row.transaction_id, row.sequence) : '0:0';
    },
    onAppend: (onAppend) => sql.listen(NOTIFY_CHANNEL, () => onAppend()),
  };
}
