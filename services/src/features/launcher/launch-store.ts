import { randomUUID } from 'node:crypto';
import type { Launch, LaunchResult, LaunchState } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient, SqlExecutor } from '@nq/platform/sql/sql-client';

// At most one launch in progress per probe, enforced by the database: of two launches at once, one is refused.
export const launchesSchema: SchemaModule = {
  name: 'launches',
  migrations: [
    {
      id: '1-tables',
      up: `
create table if not exists launches (
  id text primary key, probe_id text not null, task jsonb not null, state text not null, requested_by text not null,
  created_at timestamptz not null, updated_at timestamptz not null, measurement_id text, cancelled_by text);
create unique index if not exists launches_one_pending on launches (probe_id) where state = 'Pending';
create index if not exists launches_by_probe on launches (probe_id, created_at desc)`,
    },
    {
      // Launches stored before deadlines existed get their last update as deadline: they time out on the next read.
      id: '2-deadline-and-result',
      up: `
alter table launches add column if not exists deadline timestamptz;
alter table launches add column if not exists result jsonb;
update launches set deadline = updated_at where deadline is null`,
    },
    {
      // A launch on every probe of a cluster at once: its launches share the group's id.
      id: '3-groups',
      up: `
create table if not exists launch_groups (
  id text primary key, cluster_id text not null, task jsonb not null, requested_by text not null,
  created_at timestamptz not null, probes integer not null);
alter table launches add column if not exists group_id text;
create index if not exists launches_by_group on launches (group_id, probe_id) where group_id is not null`,
    },
  ],
  backedUp: [
    { name: 'launches', key: ['id'] },
    { name: 'launch_groups', key: ['id'] },
  ],
};

interface LaunchRow {
  id: string;
  probe_id: string;
  task: Record<string, unknown>;
  state: LaunchState;
  requested_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  deadline: Date | string;
  measurement_id: string | null;
  cancelled_by: string | null;
  result: LaunchResult | null;
  group_id: string | null;
}

interface LaunchGroupRow {
  id: string;
  cluster_id: string;
  task: Record<string, unknown>;
  requested_by: string;
  created_at: Date | string;
  probes: number;
}

const launchOf = (row: LaunchRow): Launch => ({
  id: row.id,
  probeId: row.probe_id,
  task: row.task,
  state: row.state,
  requestedBy: row.requested_by,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  deadline: new Date(row.deadline).toISOString(),
  ...(row.measurement_id ? { measurementId: row.measurement_id } : {}),
  ...(row.cancelled_by ? { cancelledBy: row.cancelled_by } : {}),
  ...(row.result ? { result: row.result } : {}),
  ...(row.group_id ? { groupId: row.group_id } : {}),
});

const groupOf = (row: LaunchGroupRow) => ({
  id: row.id,
  clusterId: row.cluster_id,
  task: row.task,
  requestedBy: row.requested_by,
  createdAt: new Date(row.created_at).toISOString(),
  probes: row.probes,
});

const UNIQUE_VIOLATION = '23505';

export interface LaunchStoreOptions {
  /** How long a probe has to pick a launch up and answer, on top of the task's own `timeout`. */
  answerWithinMs: number;
}

/** The task's own time limit (ms), when it states one. */
const taskTimeoutMs = (task: Record<string, unknown>) =>
  typeof task.timeout === 'number' && task.timeout > 0 ? task.timeout : 0;

/** How a probe says a launch ended: its state and, when it measured, the measurement's id and result. */
export interface LaunchEnding {
  state: Exclude<LaunchState, 'Pending' | 'TimedOut'>;
  measurementId?: string | undefined;
  result?: LaunchResult | undefined;
}

/**
 * Measurement launches (docs/product/states.md#measurement-launches: launching cancels the one in progress, after a
 * confirmation). A launch still in progress past its deadline is timed out by whichever read or write meets it first,
 * so none stays in progress for ever, whatever became of the probe.
 */
export async function openLaunchStore(sql: SqlClient, options: LaunchStoreOptions) {
  await migrate(sql, launchesSchema);

  /** Times out the launches in progress past their deadline among those `column` = `value` selects. */
  const expire = (tx: SqlExecutor, column: 'id' | 'probe_id', value: string) =>
    tx.query(
      `update launches set state = 'TimedOut', updated_at = deadline
       where ${column} = $1 and state = 'Pending' and deadline <= $2`,
      [value, new Date()],
    );
  const expireProbes = (tx: SqlExecutor, probeIds: readonly string[]) =>
    tx.query(
      `update launches set state = 'TimedOut', updated_at = deadline
       where probe_id = any($1::text[]) and state = 'Pending' and deadline <= $2`,
      [[...probeIds], new Date()],
    );
  const expireGroup = (tx: SqlExecutor, groupId: string) =>
    tx.query(
      `update launches set state = 'TimedOut', updated_at = deadline
       where group_id = $1 and state = 'Pending' and deadline <= $2`,
      [groupId, new Date()],
    );
  const pendingOf = async (tx: SqlExecutor, probeId: string) => {
    await expire(tx, 'probe_id', probeId);
    return (
      await tx.query<LaunchRow>(`select * from launches where probe_id = $1 and state = 'Pending'`, [probeId])
    ).map(launchOf)[0];
  };
  const get = async (id: string) => {
    await expire(sql, 'id', id);
    const [row] = await sql.query<LaunchRow>('select * from launches where id = $1', [id]);
    return row ? launchOf(row) : undefined;
  };

  return {
    pending: (probeId: string) => pendingOf(sql, probeId),

    /**
     * A new launch in progress; the one in progress before is cancelled when `replace` allows it. Answers the new
     * launch and the one cancelled, or `{ busy }` when one is in progress and may not be replaced.
     */
    async launch(request: { probeId: string; task: Record<string, unknown>; requestedBy: string; replace: boolean }) {
      try {
        return await sql.transaction(async (tx) => {
          const busy = await pendingOf(tx, request.probeId);
          if (busy && !request.replace) return { busy };
          const id = randomUUID();
          const now = new Date();
          const deadline = new Date(now.getTime() + options.answerWithinMs + taskTimeoutMs(request.task));
          if (busy)
            await tx.query(
              `update launches set state = 'Cancelled', cancelled_by = $2, updated_at = $3 where id = $1`,
              [busy.id, id, now],
            );
          const [row] = await tx.query<LaunchRow>(
            `insert into launches (id, probe_id, task, state, requested_by, created_at, updated_at, deadline)
             values ($1, $2, $3, 'Pending', $4, $5, $5, $6) returning *`,
            [id, request.probeId, JSON.stringify(request.task), request.requestedBy, now, deadline],
          );
          const cancelled = busy && {
            ...busy,
            state: 'Cancelled' as const,
            cancelledBy: id,
            updatedAt: now.toISOString(),
          };
          return { launched: launchOf(row!), ...(cancelled ? { cancelled } : {}) };
        });
      } catch (error) {
        // Another launch for the probe committed first: the caller sees it as one in progress.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
          const busy = await pendingOf(sql, request.probeId);
          if (busy) return { busy };
        }
        throw error;
      }
    },

    get,

    /** The launches in progress on these probes (those past their deadline timed out first). */
    async pendingAmong(probeIds: readonly string[]) {
      await expireProbes(sql, probeIds);
      const rows = await sql.query<LaunchRow>(
        `select * from launches where probe_id = any($1::text[]) and state = 'Pending'`,
        [[...probeIds]],
      );
      return rows.map(launchOf);
    },

    /**
     * The same task launched on every one of these probes, as one group; the launches in progress on them are
     * cancelled when `replace` allows it, else answered as `busy` and nothing is launched. Two launches meeting on a
     * probe: the transaction that loses is run again, and then sees the other's launch in progress.
     */
    async launchOnEach(request: {
      clusterId: string;
      probeIds: readonly string[];
      task: Record<string, unknown>;
      requestedBy: string;
      replace: boolean;
    }) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await sql.transaction(async (tx) => {
            await expireProbes(tx, request.probeIds);
            const busy = (
              await tx.query<LaunchRow>(
                `select * from launches where probe_id = any($1::text[]) and state = 'Pending' for update`,
                [[...request.probeIds]],
              )
            ).map(launchOf);
            if (busy.length > 0 && !request.replace) return { busy };
            const now = new Date();
            const deadline = new Date(now.getTime() + options.answerWithinMs + taskTimeoutMs(request.task));
            const groupId = randomUUID();
            const launchIds = new Map(request.probeIds.map((probeId) => [probeId, randomUUID()]));
            await tx.query(
              `insert into launch_groups (id, cluster_id, task, requested_by, created_at, probes)
               values ($1, $2, $3, $4, $5, $6)`,
              [groupId, request.clusterId, JSON.stringify(request.task), request.requestedBy, now, launchIds.size],
            );
            const cancelled = busy.map((launch) => ({
              ...launch,
              state: 'Cancelled' as const,
              cancelledBy: launchIds.get(launch.probeId)!,
              updatedAt: now.toISOString(),
            }));
            if (cancelled.length > 0)
              await tx.query(
                `update launches l set state = 'Cancelled', cancelled_by = c.replaced_by, updated_at = $2
                 from jsonb_to_recordset($1::jsonb) as c(id text, replaced_by text) where l.id = c.id`,
                [JSON.stringify(cancelled.map(({ id, cancelledBy }) => ({ id, replaced_by: cancelledBy }))), now],
              );
            const rows = await tx.query<LaunchRow>(
              `insert into launches (id, probe_id, task, state, requested_by, created_at, updated_at, deadline, group_id)
               select n.id, n.probe_id, $2::jsonb, 'Pending', $3::text, $4::timestamptz, $4::timestamptz,
                 $5::timestamptz, $6::text
               from jsonb_to_recordset($1::jsonb) as n(id text, probe_id text) returning *`,
              [
                JSON.stringify([...launchIds].map(([probeId, id]) => ({ id, probe_id: probeId }))),
                JSON.stringify(request.task),
                request.requestedBy,
                now,
                deadline,
                groupId,
              ],
            );
            return { groupId, launched: rows.map(launchOf), cancelled };
          });
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 3) throw error;
        }
      }
    },

    /** A group's definition, how many of its launches are in each state, and a page of them by probe id. */
    async group(id: string, page: { offset: number; limit: number; state?: LaunchState | undefined }) {
      await expireGroup(sql, id);
      const [row] = await sql.query<LaunchGroupRow>('select * from launch_groups where id = $1', [id]);
      if (!row) return undefined;
      const counts = await sql.query<{ state: LaunchState; count: string }>(
        'select state, count(*) as count from launches where group_id = $1 group by state',
        [id],
      );
      const inState = page.state ? ' and state = $4' : '';
      const list = await sql.query<LaunchRow>(
        `select * from launches where group_id = $1${inState} order by probe_id limit $2 offset $3`,
        [id, page.limit, page.offset, ...(page.state ? [page.state] : [])],
      );
      const states = Object.fromEntries(counts.map(({ state, count }) => [state, Number(count)]));
      const total = page.state ? (states[page.state] ?? 0) : counts.reduce((sum, { count }) => sum + Number(count), 0);
      return { ...groupOf(row), states, list: list.map(launchOf), total };
    },

    async ofProbe(probeId: string, limit = 50) {
      await expire(sql, 'probe_id', probeId);
      const rows = await sql.query<LaunchRow>(
        'select * from launches where probe_id = $1 order by created_at desc limit $2',
        [probeId, limit],
      );
      return rows.map(launchOf);
    },

    /** The probe's answer: a launch in progress ends as it says; a launch already ended stays as it was. */
    async finish(id: string, probeId: string, ending: LaunchEnding) {
      await expire(sql, 'id', id);
      const [row] = await sql.query<LaunchRow>(
        `update launches set state = $3, measurement_id = $4, result = $5, updated_at = $6
         where id = $1 and probe_id = $2 and state = 'Pending' returning *`,
        [
          id,
          probeId,
          ending.state,
          ending.measurementId ?? null,
          ending.result ? JSON.stringify(ending.result) : null,
          new Date(),
        ],
      );
      return row ? launchOf(row) : undefined;
    },
  };
}

export type LaunchStore = Awaited<ReturnType<typeof openLaunchStore>>;
