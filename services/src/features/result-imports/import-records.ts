import type { ImportFormat, ImportListQuery, ImportReport, ImportState, MessageParams } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';

// Each import's record, by profile: the job queue keeps a job 30 days after it ended and lists jobs of every profile
// together, so the list of a profile's imports, and what they did once their jobs are gone, are kept here.
export const resultImportsSchema: SchemaModule = {
  name: 'result-imports',
  migrations: [
    {
      id: '1-tables',
      up: `
create table if not exists result_imports (
  id text primary key, profile_id text not null, user_id text not null, format text not null, url text,
  created_at timestamptz not null, outcome jsonb);
create index if not exists result_imports_by_profile on result_imports (profile_id, created_at desc, id desc)`,
    },
  ],
  backedUp: [{ name: 'result_imports', key: ['id'] }],
};

/** How an import ended, as its job told it: its report, or the catalogue code it failed with. */
export interface ImportOutcome {
  state: Exclude<ImportState, 'queued' | 'running'>;
  finishedAt: string;
  report?: ImportReport;
  error?: { code: string; params?: MessageParams };
}

export interface ImportRecord {
  id: string;
  profileId: string;
  userId: string;
  format: ImportFormat;
  url?: string;
  createdAt: string;
  outcome?: ImportOutcome;
}

interface ImportRow {
  id: string;
  profile_id: string;
  user_id: string;
  format: ImportFormat;
  url: string | null;
  created_at: Date | string;
  outcome: ImportOutcome | string | null;
}

const recordOf = (row: ImportRow): ImportRecord => ({
  id: row.id,
  profileId: row.profile_id,
  userId: row.user_id,
  format: row.format,
  ...(row.url ? { url: row.url } : {}),
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.outcome ? { outcome: typeof row.outcome === 'string' ? JSON.parse(row.outcome) : row.outcome } : {}),
});

const opened = new WeakMap<SqlClient, Promise<ImportRecords>>();

/** The records on this database, its table made the first time (the API and the jobs process share them). */
export function importRecordsOn(sql: SqlClient): Promise<ImportRecords> {
  let records = opened.get(sql);
  if (!records) {
    records = migrate(sql, resultImportsSchema).then(() => importRecords(sql));
    records.catch(() => opened.delete(sql));
    opened.set(sql, records);
  }
  return records;
}

function importRecords(sql: SqlClient) {
  return {
    /** Kept once: the same import recorded again (a retried request) changes nothing. */
    async record(entry: Omit<ImportRecord, 'outcome'>) {
      await sql.query(
        `insert into result_imports (id, profile_id, user_id, format, url, created_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
        [entry.id, entry.profileId, entry.userId, entry.format, entry.url ?? null, new Date(entry.createdAt)],
      );
    },

    /** Its end, told once: the first told is kept. */
    async end(id: string, outcome: ImportOutcome) {
      await sql.query('update result_imports set outcome = $2 where id = $1 and outcome is null', [
        id,
        JSON.stringify(outcome),
      ]);
    },

    async get(id: string): Promise<ImportRecord | undefined> {
      const [row] = await sql.query<ImportRow>('select * from result_imports where id = $1', [id]);
      return row ? recordOf(row) : undefined;
    },

    /** A page of the profile's imports, newest first, and how many it has. */
    async page(profileId: string, { page, pageSize }: ImportListQuery) {
      const rows = await sql.query<ImportRow>(
        `select * from result_imports where profile_id = $1 order by created_at desc, id desc limit $2 offset $3`,
        [profileId, pageSize, (page - 1) * pageSize],
      );
      const [counted] = await sql.query<{ count: string | number }>(
        'select count(*) as count from result_imports where profile_id = $1',
        [profileId],
      );
      return { records: rows.map(recordOf), count: Number(counted?.count ?? 0) };
    },
  };
}

export type ImportRecords = ReturnType<typeof importRecords>;
