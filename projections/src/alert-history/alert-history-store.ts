import type { AlertGrouping, AlertHistoryEntry, AlertHistoryQuery } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient, SqlExecutor } from '@nq/platform/sql/sql-client';

// The evaluator's durable state, in the event store's database (so that the mail outbox commits with it): each
// (alert, group)'s open window and how it stood, the log offsets already applied (a redelivered record is skipped,
// never counted twice), and the history entries, whose id (alert, group, window) makes a replay record each once.
export const alertingSchema: SchemaModule = {
  name: 'alerting',
  migrations: [
    {
      id: '1-tables',
      up: `
create table if not exists alert_group_states (
  alert_id text not null, group_kind text not null, group_id text not null,
  window_end timestamptz, last_state text not null, measurements integer not null, evaluation jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (alert_id, group_kind, group_id));
create index if not exists alert_group_states_due on alert_group_states (window_end);
create table if not exists alert_log_offsets (
  consumer text not null, topic text not null, partition integer not null, applied bigint not null,
  primary key (consumer, topic, partition));
create table if not exists alert_history (
  id text primary key, alert_id text not null, owner text not null, alert_name text not null, alert_type text not null,
  group_kind text not null, group_id text not null, group_label text, state text not null,
  window_start timestamptz not null, window_end timestamptz not null, measurements integer not null,
  matching integer not null, condition integer, value double precision, recorded_at timestamptz not null,
  read boolean not null default false);
create index if not exists alert_history_by_owner on alert_history (owner, window_start desc, id);
create index if not exists alert_history_by_group on alert_history (alert_id, group_id, window_start desc);
create index if not exists alert_history_unread on alert_history (owner) where not read`,
    },
  ],
  // The offsets applied are left out: they name the broker's offsets, and a restore may meet a new broker whose
  // offsets start again (the evaluator would skip its records as applied already).
  backedUp: [
    { name: 'alert_history', key: ['id'] },
    { name: 'alert_group_states', key: ['alert_id', 'group_kind', 'group_id'] },
  ],
};

export interface GroupKey {
  alertId: string;
  kind: AlertGrouping;
  groupId: string;
}
export const keyOf = (key: GroupKey) => `${key.alertId}\u0000${key.kind}\u0000${key.groupId}`;
const byKey = (a: GroupKey, b: GroupKey) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

/**
 * What the store reads of a group's evaluation (kept whole as JSON) to find the groups whose window is due; the
 * evaluation itself is the alerting feature's.
 */
export interface StoredEvaluation {
  window?: { end: number };
  last: string;
  measurements: number;
}

interface StateRow<State extends StoredEvaluation> {
  alert_id: string;
  group_kind: AlertGrouping;
  group_id: string;
  evaluation: State;
}

const columns = (keys: readonly GroupKey[]) => [
  keys.map((key) => key.alertId),
  keys.map((key) => key.kind),
  keys.map((key) => key.groupId),
];
const keyTuples = `(alert_id, group_kind, group_id) in (select * from unnest($1::text[], $2::text[], $3::text[]))`;

/**
 * Locks the groups' states for this transaction (creating those never seen, as `fresh`), in one order so that writers
 * never deadlock.
 */
export async function lockStates<State extends StoredEvaluation>(
  tx: SqlExecutor,
  keys: readonly GroupKey[],
  fresh: State,
): Promise<Map<string, State>> {
  const sorted = [...keys].sort(byKey);
  if (sorted.length === 0) return new Map();
  await tx.query(
    `insert into alert_group_states (alert_id, group_kind, group_id, last_state, measurements, evaluation)
     select a, k, g, 'ok', 0, $4::jsonb from unnest($1::text[], $2::text[], $3::text[]) as t(a, k, g)
     on conflict do nothing`,
    [...columns(sorted), JSON.stringify(fresh)],
  );
  return statesOf(
    await tx.query<StateRow<State>>(
      `select alert_id, group_kind, group_id, evaluation from alert_group_states where ${keyTuples}
       order by alert_id, group_kind, group_id for update`,
      columns(sorted),
    ),
  );
}

const statesOf = <State extends StoredEvaluation>(rows: StateRow<State>[]) =>
  new Map(
    rows.map((row) => [keyOf({ alertId: row.alert_id, kind: row.group_kind, groupId: row.group_id }), row.evaluation]),
  );

export async function saveStates<State extends StoredEvaluation>(
  tx: SqlExecutor,
  states: readonly [GroupKey, State][],
) {
  if (states.length === 0) return;
  await tx.query(
    `update alert_group_states s set evaluation = t.e::jsonb, last_state = t.e::jsonb->>'last',
       measurements = (t.e::jsonb->>'measurements')::integer,
       window_end = to_timestamp(((t.e::jsonb->'window'->>'end')::double precision) / 1000), updated_at = now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(a, k, g, e)
     where s.alert_id = t.a and s.group_kind = t.k and s.group_id = t.g`,
    [...columns(states.map(([key]) => key)), states.map(([, state]) => JSON.stringify(state))],
  );
}

/**
 * Groups whose open window ended before `until` and have something to decide (not waiting in no data with nothing
 * counted), locked for this transaction; groups another evaluator holds are left to it.
 */
export async function lockDueStates<State extends StoredEvaluation>(tx: SqlExecutor, until: Date, limit: number) {
  const rows = await tx.query<StateRow<State>>(
    `select alert_id, group_kind, group_id, evaluation from alert_group_states
     where window_end <= $1 and (last_state <> 'noData' or measurements > 0)
     order by alert_id, group_kind, group_id limit $2 for update skip locked`,
    [until, limit],
  );
  return rows.map((row) => ({
    key: { alertId: row.alert_id, kind: row.group_kind, groupId: row.group_id },
    state: row.evaluation,
  }));
}

/** The last offset of a partition whose records are applied (-1: none yet), locked until the transaction ends. */
export async function appliedOffset(tx: SqlExecutor, consumer: string, topic: string, partition: number) {
  await tx.query(
    `insert into alert_log_offsets (consumer, topic, partition, applied) values ($1, $2, $3, -1) on conflict do nothing`,
    [consumer, topic, partition],
  );
  const [row] = await tx.query<{ applied: string }>(
    'select applied::text from alert_log_offsets where consumer = $1 and topic = $2 and partition = $3 for update',
    [consumer, topic, partition],
  );
  return BigInt(row!.applied);
}

export async function recordOffset(
  tx: SqlExecutor,
  consumer: string,
  topic: string,
  partition: number,
  offset: bigint,
) {
  await tx.query(
    'update alert_log_offsets set applied = $4 where consumer = $1 and topic = $2 and partition = $3 and applied < $4',
    [consumer, topic, partition, offset.toString()],
  );
}

/** A history entry as stored: the contract's entry and who owns it. */
export type StoredEntry = Omit<AlertHistoryEntry, 'read'> & { owner: string };

/** Records the entries not recorded yet; answers the ids it recorded now (a replay's are already there). */
export async function insertEntries(tx: SqlExecutor, entries: readonly StoredEntry[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `insert into alert_history (id, alert_id, owner, alert_name, alert_type, group_kind, group_id, group_label, state,
       window_start, window_end, measurements, matching, condition, value, recorded_at)
     select e->>'id', e->>'alertId', e->>'owner', e->>'alertName', e->>'alertType', e->'group'->>'kind',
       e->'group'->>'id', e->'group'->>'label', e->>'state', (e->'window'->>'start')::timestamptz,
       (e->'window'->>'end')::timestamptz, (e->>'measurements')::integer, (e->>'matching')::integer,
       (e->>'condition')::integer, (e->>'value')::double precision, (e->>'recordedAt')::timestamptz
     from jsonb_array_elements($1::jsonb) as e
     on conflict (id) do nothing returning id`,
    [JSON.stringify(entries)],
  );
  return new Set(rows.map((row) => row.id));
}

interface EntryRow {
  id: string;
  alert_id: string;
  alert_name: string;
  alert_type: AlertHistoryEntry['alertType'];
  group_kind: AlertGrouping;
  group_id: string;
  group_label: string | null;
  state: AlertHistoryEntry['state'];
  window_start: Date | string;
  window_end: Date | string;
  measurements: number;
  matching: number;
  condition: number | null;
  value: number | null;
  recorded_at: Date | string;
  read: boolean;
}

const iso = (time: Date | string) => new Date(time).toISOString();
const entryOf = (row: EntryRow): AlertHistoryEntry => ({
  id: row.id,
  alertId: row.alert_id,
  alertName: row.alert_name,
  alertType: row.alert_type,
  group: { kind: row.group_kind, id: row.group_id, ...(row.group_label ? { label: row.group_label } : {}) },
  state: row.state,
  window: { start: iso(row.window_start), end: iso(row.window_end) },
  measurements: row.measurements,
  matching: row.matching,
  ...(row.condition === null ? {} : { condition: row.condition }),
  ...(row.value === null ? {} : { value: Number(row.value) }),
  recordedAt: iso(row.recorded_at),
  read: row.read,
});

/** Whose entries a caller sees: one profile's alerts, or (isGod) every alert. */
export type HistoryScope = { owner: string } | { everyOwner: true };

function where(scope: HistoryScope, filters: Partial<AlertHistoryQuery> = {}) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (param: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if ('owner' in scope) add((p) => `owner = ${p}`, scope.owner);
  if (filters.alertId) add((p) => `alert_id = ${p}`, filters.alertId);
  if (filters.state) add((p) => `state = ${p}`, filters.state);
  if (filters.groupId) add((p) => `group_id = ${p}`, filters.groupId);
  if (filters.read !== undefined) add((p) => `read = ${p}`, filters.read);
  if (filters.from) add((p) => `window_end > ${p}::timestamptz`, filters.from);
  if (filters.to) add((p) => `window_start < ${p}::timestamptz`, filters.to);
  return { sql: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', params };
}

/** The history as the API reads and marks it. */
export function alertHistoryReader(sql: SqlClient) {
  return {
    async list(scope: HistoryScope, query: AlertHistoryQuery) {
      const filter = where(scope, query);
      const count = await sql.query<{ count: string }>(
        `select count(*)::text as count from alert_history ${filter.sql}`,
        filter.params as never,
      );
      const rows = await sql.query<EntryRow>(
        `select * from alert_history ${filter.sql} order by window_start desc, id
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        filter.params as never,
      );
      return { list: rows.map(entryOf), count: Number(count[0]!.count) };
    },
    async unreadCount(scope: HistoryScope) {
      const filter = where(scope, { read: false });
      const [row] = await sql.query<{ count: string }>(
        `select count(*)::text as count from alert_history ${filter.sql}`,
        filter.params as never,
      );
      return Number(row!.count);
    },
    /** Each group's latest entry of an alert. */
    async latest(scope: HistoryScope, alertId: string) {
      const filter = where(scope, { alertId });
      const rows = await sql.query<EntryRow>(
        `select distinct on (group_kind, group_id) * from alert_history ${filter.sql}
         order by group_kind, group_id, window_start desc`,
        filter.params as never,
      );
      return rows.map(entryOf).sort((a, b) => (a.window.start < b.window.start ? 1 : -1));
    },
    /** Marks the entries the scope sees; answers those it found. */
    async markRead(scope: HistoryScope, ids: readonly string[], read: boolean) {
      const filter = where(scope);
      const params = [...filter.params, ids, read];
      const rows = await sql.query<EntryRow>(
        `update alert_history set read = $${params.length} where id = any($${params.length - 1}::text[])
         ${filter.sql ? `and ${filter.sql.slice('where '.length)}` : ''} returning *`,
        params as never,
      );
      return rows.map(entryOf);
    },
  };
}
export type AlertHistoryReader = ReturnType<typeof alertHistoryReader>;

export async function openAlertingStore(sql: SqlClient) {
  await migrate(sql, alertingSchema);
  return alertHistoryReader(sql);
}
