import type { CubeRebuild } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';

const table = `
create table if not exists cube_builds (
  rebuild_id text primary key,
  cube_id text not null,
  state text not null,
  range_from timestamptz not null,
  range_to timestamptz not null,
  done bigint not null default 0,
  total bigint,
  rows bigint,
  requested_at timestamptz not null,
  finished_at timestamptz,
  message text);
create index if not exists cube_builds_by_cube on cube_builds (cube_id, requested_at);
`;

export const cubeBuildsSchema: SchemaModule = { name: 'cube-builds', migrations: [{ id: '1-table', up: table }] };

interface BuildRecord {
  rebuild_id: string;
  cube_id: string;
  state: CubeRebuild['state'];
  range_from: string | Date;
  range_to: string | Date;
  done: string | number;
  total: string | number | null;
  rows: string | number | null;
  requested_at: string | Date;
  finished_at: string | Date | null;
  message: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const buildOf = (record: BuildRecord): CubeRebuild & { cubeId: string } => ({
  cubeId: record.cube_id,
  rebuildId: record.rebuild_id,
  state: record.state,
  from: iso(record.range_from),
  to: iso(record.range_to),
  done: Number(record.done),
  ...(record.total === null ? {} : { total: Number(record.total) }),
  ...(record.rows === null ? {} : { rows: Number(record.rows) }),
  requestedAt: iso(record.requested_at),
  ...(record.finished_at ? { finishedAt: iso(record.finished_at) } : {}),
  ...(record.message ? { message: record.message } : {}),
});

/** The rebuilds of cubes, requested, running and ended: their progress, and which cubes are built (routable). */
export async function openCubeBuilds(sql: SqlClient) {
  await migrate(sql, cubeBuildsSchema);
  return {
    /** Records a rebuild as queued; the same id again changes nothing. */
    async request(build: { rebuildId: string; cubeId: string; from: string; to: string }) {
      await sql.query(
        `insert into cube_builds (rebuild_id, cube_id, state, range_from, range_to, requested_at)
         values ($1, $2, 'queued', $3::timestamptz, $4::timestamptz, now()) on conflict (rebuild_id) do nothing`,
        [build.rebuildId, build.cubeId, build.from, build.to],
      );
    },
    async progress(rebuildId: string, progress: { done: number; total?: number; rows?: number }) {
      await sql.query(
        `update cube_builds set state = 'running', done = $2, total = coalesce($3, total), rows = coalesce($4, rows)
         where rebuild_id = $1`,
        [rebuildId, progress.done, progress.total ?? null, progress.rows ?? null],
      );
    },
    async end(rebuildId: string, outcome: { state: 'done' | 'failed'; message?: string }) {
      await sql.query(`update cube_builds set state = $2, finished_at = now(), message = $3 where rebuild_id = $1`, [
        rebuildId,
        outcome.state,
        outcome.message ?? null,
      ]);
    },
    async get(rebuildId: string) {
      const [record] = await sql.query<BuildRecord>('select * from cube_builds where rebuild_id = $1', [rebuildId]);
      return record ? buildOf(record) : undefined;
    },
    /** Each cube's latest rebuild. */
    async latest() {
      const records = await sql.query<BuildRecord>(
        `select distinct on (cube_id) * from cube_builds order by cube_id, requested_at desc, rebuild_id desc`,
      );
      return new Map(records.map((record) => [record.cube_id, buildOf(record)]));
    },
    /** The cubes with a rebuild done: built over their history, so queries may read them. */
    async built(): Promise<Set<string>> {
      const records = await sql.query<{ cube_id: string }>(
        `select distinct cube_id from cube_builds where state = 'done'`,
      );
      return new Set(records.map((record) => record.cube_id));
    },
    async forget(cubeId: string) {
      await sql.query('delete from cube_builds where cube_id = $1', [cubeId]);
    },
  };
}
export type CubeBuilds = Awaited<ReturnType<typeof openCubeBuilds>>;

const opened = new WeakMap<SqlClient, Promise<CubeBuilds>>();
/** The builds of the platform's database, opened once per process. */
export function cubeBuildsOf(sql: SqlClient): Promise<CubeBuilds> {
  let builds = opened.get(sql);
  if (!builds) {
    builds = openCubeBuilds(sql);
    opened.set(sql, builds);
    builds.catch(() => opened.delete(sql));
  }
  return builds;
}
