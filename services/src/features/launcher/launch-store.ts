import { randomUUID } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '../../platform/sql/sql-client.ts';

export const launchStates = ['Pending', 'Finished', 'Cancelled', 'Error'] as const;
export type LaunchState = (typeof launchStates)[number];

export interface Launch {
  id: string;
  probeId: string;
  task: Record<string, unknown>;
  state: LaunchState;
  requestedBy: string;
  createdAt: string;
  updatedAt: string;
  measurementId?: string;
  /** The launch that cancelled this one, when a newer one replaced it. */
  cancelledBy?: string;
}

// At most one launch in progress per probe, enforced by the database: of two launches at once, one is refused.
const schema = `
create table if not exists launches (
  id text primary key, probe_id text not null, task jsonb not null, state text not null, requested_by text not null,
  created_at timestamptz not null, updated_at timestamptz not null, measurement_id text, cancelled_by text);
create unique index if not exists launches_one_pending on launches (probe_id) where state = 'Pending';
create index if not exists launches_by_probe on launches (probe_id, created_at desc);
`;

interface LaunchRow {
  id: string;
  probe_id: string;
  task: Record<string, unknown>;
  state: LaunchState;
  requested_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  measurement_id: string | null;
  cancelled_by: string | null;
}

const launchOf = (row: LaunchRow): Launch => ({
  id: row.id,
  probeId: row.probe_id,
  task: row.task,
  state: row.state,
  requestedBy: row.requested_by,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  ...(row.measurement_id ? { measurementId: row.measurement_id } : {}),
  ...(row.cancelled_by ? { cancelledBy: row.cancelled_by } : {}),
});

const UNIQUE_VIOLATION = '23505';

/** Measurement launches (spec §4: launching cancels the one in progress, after a confirmation). */
export async function openLaunchStore(sql: SqlClient) {
  await sql.exec(schema);
  const pendingOf = async (tx: SqlExecutor, probeId: string) =>
    (await tx.query<LaunchRow>(`select * from launches where probe_id = $1 and state = 'Pending'`, [probeId])).map(
      launchOf,
    )[0];

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
          if (busy)
            await tx.query(
              `update launches set state = 'Cancelled', cancelled_by = $2, updated_at = $3 where id = $1`,
              [busy.id, id, now],
            );
          const [row] = await tx.query<LaunchRow>(
            `insert into launches (id, probe_id, task, state, requested_by, created_at, updated_at)
             values ($1, $2, $3, 'Pending', $4, $5, $5) returning *`,
            [id, request.probeId, JSON.stringify(request.task), request.requestedBy, now],
          );
          const cancelled = busy && { ...busy, state: 'Cancelled' as const, cancelledBy: id };
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

    async get(id: string) {
      const [row] = await sql.query<LaunchRow>('select * from launches where id = $1', [id]);
      return row ? launchOf(row) : undefined;
    },

    async ofProbe(probeId: string, limit = 50) {
      const rows = await sql.query<LaunchRow>(
        'select * from launches where probe_id = $1 order by created_at desc limit $2',
        [probeId, limit],
      );
      return rows.map(launchOf);
    },

    /** The probe's answer: a launch in progress ends as it says; a launch already ended stays as it was. */
    async finish(id: string, probeId: string, state: Exclude<LaunchState, 'Pending'>, measurementId?: string) {
      const [row] = await sql.query<LaunchRow>(
        `update launches set state = $3, measurement_id = $4, updated_at = now()
         where id = $1 and probe_id = $2 and state = 'Pending' returning *`,
        [id, probeId, state, measurementId ?? null],
      );
      return row ? launchOf(row) : undefined;
    },
  };
}

export type LaunchStore = Awaited<ReturnType<typeof openLaunchStore>>;
