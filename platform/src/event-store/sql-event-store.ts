import {
  DomainError,
  type EventMetadata,
  type LogPosition,
  logPosition,
  type StoredEvent,
  splitLogPosition,
} from '@nq/contracts';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.ts';
import { eventIdFor } from './event-ids.ts';
import type {
  AppendConstraints,
  AppendRequest,
  AppendResult,
  EventStore,
  ReadStreamOptions,
  RecordedQuery,
} from './event-store-port.ts';
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

interface EventRow {
  sequence: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

// The output columns keep the names of the columns they cast: an ORDER BY must name the table's columns
// (`es_events.sequence`), or it would sort by the text output ("10" < "9") and readers would skip events.
const eventColumns = `sequence::text, transaction_id::text, stream_id, stream_version, event_id::text, type,
  schema_version, data, metadata, recorded_at`;

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

  async function alreadyAppended(request: AppendRequest): Promise<AppendResult | undefined> {
    const ids = request.events.map((_, index) => eventIdFor(request.metadata.commandId, index));
    const rows = await sql.query<EventRow>(
      `select ${eventColumns} from es_events where event_id = any($1::uuid[]) order by es_events.sequence`,
      [ids],
    );
    if (rows.length === 0) return undefined;
    const events = rows.map(toEvent);
    const last = events.at(-1)!;
    return { streamVersion: last.streamVersion, position: last.position, events, replayed: true };
  }

  async function advanceVersion(tx: SqlExecutor, { streamId, expectedVersion, events }: AppendRequest) {
    const count = events.length;
    const rows =
      expectedVersion === 'any'
        ? await tx.query<{ version: number }>(
            `insert into es_streams (stream_id, version) values ($1, $2)
             on conflict (stream_id) do update set version = es_streams.version + $2 returning version`,
            [streamId, count],
          )
        : expectedVersion === 0
          ? await tx.query<{ version: number }>(
              `insert into es_streams (stream_id, version) values ($1, $2) on conflict do nothing returning version`,
              [streamId, count],
            )
          : await tx.query<{ version: number }>(
              `update es_streams set version = version + $2 where stream_id = $1 and version = $3 returning version`,
              [streamId, count, expectedVersion],
            );
    if (rows.length === 0) {
      throw new DomainError('request.conflict', { details: { streamId, expectedVersion } });
    }
    return rows[0]!.version - count;
  }

  async function enforce(tx: SqlExecutor, streamId: string, constraints: AppendConstraints) {
    for (const { scope, value } of constraints.release ?? []) {
      await tx.query('delete from es_reservations where scope = $1 and value = $2 and stream_id = $3', [
        scope,
        value,
        streamId,
      ]);
    }
    for (const { scope, value, conflict } of constraints.claim ?? []) {
      // Waits for a concurrent claim of the same value to commit or roll back, then decides.
      const held = await tx.query(
        `insert into es_reservations (scope, value, stream_id) values ($1, $2, $3)
         on conflict (scope, value) do update set stream_id = excluded.stream_id
         where es_reservations.stream_id = excluded.stream_id returning 1`,
        [scope, value, streamId],
      );
      if (held.length === 0) throw new DomainError(conflict, { details: { field: scope, value } });
    }
    for (const { to } of constraints.removeReferences ?? []) {
      await tx.query('delete from es_references where from_stream = $1 and to_stream = $2', [streamId, to]);
    }
    for (const { to, missing } of constraints.addReferences ?? []) {
      // The shared lock makes a concurrent deletion of `to` wait for this append, and then see the reference.
      const [target] = await tx.query<{ deleted: boolean }>(
        'select deleted from es_streams where stream_id = $1 for share',
        [to],
      );
      if (!target || target.deleted) throw new DomainError(missing, { details: { reference: to } });
      await tx.query('insert into es_references (from_stream, to_stream) values ($1, $2) on conflict do nothing', [
        streamId,
        to,
      ]);
    }
    if (constraints.refuseIfReferenced) {
      const referrers = await tx.query<{ from_stream: string }>(
        'select from_stream from es_references where to_stream = $1 order by from_stream limit 20',
        [streamId],
      );
      if (referrers.length > 0) {
        throw new DomainError(constraints.refuseIfReferenced, {
          details: { referencedBy: referrers.map((r) => r.from_stream) },
        });
      }
    }
    if (constraints.markDeleted) {
      await tx.query('update es_streams set deleted = true where stream_id = $1', [streamId]);
      await tx.query('delete from es_references where from_stream = $1', [streamId]);
    }
  }

  async function append(request: AppendRequest): Promise<AppendResult> {
    if (request.events.length === 0) throw new Error('append needs at least one event');
    const replay = await alreadyAppended(request);
    if (replay) return replay;
    try {
      const rows = await sql.transaction(async (tx) => {
        const firstVersion = await advanceVersion(tx, request);
        const inserted = await tx.query<EventRow>(
          `insert into es_events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
           select $1, $2::int + e.ordinality::int, (e.event->>'eventId')::uuid, e.event->>'type',
                  (e.event->>'schemaVersion')::int, e.event->'data', $4::jsonb
           from jsonb_array_elements($3::jsonb) with ordinality as e(event, ordinality)
           returning ${eventColumns}`,
          [
            request.streamId,
            firstVersion,
            JSON.stringify(
              request.events.map((event, index) => ({
                ...event,
                eventId: eventIdFor(request.metadata.commandId, index),
              })),
            ),
            JSON.stringify(request.metadata),
          ],
        );
        if (request.constraints) await enforce(tx, request.streamId, request.constraints);
        await tx.query(`select pg_notify('${NOTIFY_CHANNEL}', '')`);
        return inserted;
      });
      const events = rows.sort((a, b) => a.stream_version - b.stream_version).map(toEvent);
      const last = events.at(-1)!;
      return { streamVersion: last.streamVersion, position: last.position, events, replayed: false };
    } catch (error) {
      // A concurrent retry of the same command won the race: answer as the first one did.
      const isConflict = error instanceof DomainError && error.code === 'request.conflict';
      if (isConflict || (error as { code?: string }).code === UNIQUE_VIOLATION) {
        const replayed = await alreadyAppended(request);
        if (replayed) return replayed;
      }
      throw error;
    }
  }

  return {
    append,
    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      const rows = await sql.query<EventRow>(
        `select ${eventColumns} from es_events
         where stream_id = $1 and ($2::timestamptz is null or date_trunc('milliseconds', recorded_at) <= $2::timestamptz)
         order by stream_version`,
        [streamId, options.recordedUntil?.toISOString() ?? null],
      );
      return rows.map(toEvent);
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
