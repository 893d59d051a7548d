import type { CredentialKind } from '@nq/platform/access/viewer';
import { coalescingLoader } from '@nq/platform/coalescing-loader';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient, SqlExecutor } from '@nq/platform/sql/sql-client';

// Secrets stay out of the event log (which auditors replay and read models copy): password hashes, credentials and
// one-time links live in these tables of the event-store database. The events record that they changed, not what to.
const tables = `
create table if not exists iam_passwords (
  user_id text primary key, hash text not null, changed_at timestamptz not null);
create table if not exists iam_credentials (
  id text primary key, kind text not null, user_id text not null, profile_id text not null, name text,
  created_at timestamptz not null, expires_at timestamptz not null, revoked_at timestamptz,
  unlimited boolean not null default false, rate_limit integer);
create index if not exists iam_credentials_user on iam_credentials (user_id);
create table if not exists iam_password_links (
  token_hash text primary key, user_id text not null, purpose text not null,
  expires_at timestamptz not null, used_at timestamptz);
`;
export const identitySchema: SchemaModule = {
  name: 'identity',
  migrations: [{ id: '1-tables', up: tables }],
  backedUp: [
    { name: 'iam_passwords', key: ['user_id'] },
    { name: 'iam_credentials', key: ['id'] },
    { name: 'iam_password_links', key: ['token_hash'] },
  ],
};

export interface Credential {
  id: string;
  kind: CredentialKind;
  userId: string;
  profileId: string;
  name?: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
  unlimited: boolean;
  rateLimit?: number;
}

interface CredentialRow {
  id: string;
  kind: CredentialKind;
  user_id: string;
  profile_id: string;
  name: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  unlimited: boolean;
  rate_limit: number | null;
}

const credentialOf = (row: CredentialRow): Credential => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  profileId: row.profile_id,
  ...(row.name ? { name: row.name } : {}),
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  ...(row.revoked_at ? { revokedAt: new Date(row.revoked_at) } : {}),
  unlimited: row.unlimited,
  ...(row.rate_limit !== null ? { rateLimit: row.rate_limit } : {}),
});

/** Past this many credentials kept, the cache starts again (a national panel's probes fit). */
const CACHED_CREDENTIALS_AT_MOST = 250_000;

/**
 * Credentials read by id, kept in memory where this process is the database's only writer (the embedded profile): every
 * signed request reads its credential, and a read of the embedded database costs most of a millisecond, a probe
 * gateway's whole budget for a heartbeat. Any change to credentials made through this store empties it, and a read
 * that a change overtook is not kept; elsewhere (several processes sharing PostgreSQL) nothing is kept, so that a
 * credential revoked by one process is refused by every other at once.
 */
const credentialCaches = new WeakMap<SqlClient, ReturnType<typeof newCredentialCache>>();
/** One cache per database client: every store opened on it (the platform's, the demo's) reads and empties the same. */
function credentialCache(sql: SqlClient) {
  let cache = credentialCaches.get(sql);
  if (!cache) {
    cache = newCredentialCache(sql);
    credentialCaches.set(sql, cache);
  }
  return cache;
}

function newCredentialCache(sql: SqlClient) {
  const kept = new Map<string, Credential>();
  let generation = 0;
  const enabled = sql.dialect === 'pglite';
  return {
    async read(id: string, load: () => Promise<Credential | undefined>) {
      const hit = enabled ? kept.get(id) : undefined;
      if (hit) return hit;
      const readAt = generation;
      const credential = await load();
      if (enabled && credential && readAt === generation) {
        if (kept.size >= CACHED_CREDENTIALS_AT_MOST) kept.clear();
        kept.set(id, credential);
      }
      return credential;
    },
    /** Called before and after each change: a read under way meanwhile is not kept. */
    changed() {
      generation++;
      kept.clear();
    },
  };
}

export async function openIdentityStore(sql: SqlClient) {
  await migrate(sql, identitySchema);
  const cache = credentialCache(sql);
  // Every signed request reads its credential: those asked while a read is under way are read together by the next.
  const loadCredential = coalescingLoader(async (ids: string[]) => {
    const rows = await sql.query<CredentialRow>('select * from iam_credentials where id = any($1::text[])', [ids]);
    return new Map(rows.map((row) => [row.id, credentialOf(row)]));
  });
  const changingCredentials = async <T>(change: () => Promise<T>): Promise<T> => {
    cache.changed();
    try {
      return await change();
    } finally {
      cache.changed();
    }
  };

  return {
    async passwordHash(userId: string): Promise<string | undefined> {
      const [row] = await sql.query<{ hash: string }>('select hash from iam_passwords where user_id = $1', [userId]);
      return row?.hash;
    },
    async setPasswordHash(userId: string, hash: string, at: Date) {
      await sql.query(
        `insert into iam_passwords (user_id, hash, changed_at) values ($1, $2, $3)
         on conflict (user_id) do update set hash = excluded.hash, changed_at = excluded.changed_at`,
        [userId, hash, at],
      );
    },

    async insertCredential(credential: Credential) {
      await sql.query(
        `insert into iam_credentials (id, kind, user_id, profile_id, name, created_at, expires_at, unlimited, rate_limit)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          credential.id,
          credential.kind,
          credential.userId,
          credential.profileId,
          credential.name ?? null,
          credential.createdAt,
          credential.expiresAt,
          credential.unlimited,
          credential.rateLimit ?? null,
        ],
      );
    },
    /** New probe credentials for many probes at once, each probe's earlier ones ended, in one transaction. */
    async replaceProbeCredentials(credentials: readonly Credential[], at: Date) {
      await changingCredentials(() =>
        sql.transaction(async (tx) => {
          await tx.query(
            `update iam_credentials set revoked_at = $1
           where revoked_at is null and kind = 'probe' and user_id = any($2::text[])`,
            [at, credentials.map((credential) => credential.userId)],
          );
          await tx.query(
            `insert into iam_credentials (id, kind, user_id, profile_id, created_at, expires_at, unlimited)
           select c.id, 'probe', c.user_id, c.profile_id, c.created_at, c.expires_at, true
           from jsonb_to_recordset($1::jsonb) as c(id text, user_id text, profile_id text,
             created_at timestamptz, expires_at timestamptz)`,
            [
              JSON.stringify(
                credentials.map(({ id, userId, profileId, createdAt, expiresAt }) => ({
                  id,
                  user_id: userId,
                  profile_id: profileId,
                  created_at: createdAt.toISOString(),
                  expires_at: expiresAt.toISOString(),
                })),
              ),
            ],
          );
        }),
      );
    },
    credential(id: string): Promise<Credential | undefined> {
      return cache.read(id, () => loadCredential(id));
    },
    async credentialsOf(filter: { userId?: string; profileId?: string; kind: CredentialKind }) {
      const rows = await sql.query<CredentialRow>(
        `select * from iam_credentials where kind = $1 and revoked_at is null
         and ($2::text is null or user_id = $2) and ($3::text is null or profile_id = $3) order by created_at desc`,
        [filter.kind, filter.userId ?? null, filter.profileId ?? null],
      );
      return rows.map(credentialOf);
    },
    /** Ends a credential at `at` unless it ends before. */
    async shortenExpiry(id: string, at: Date) {
      await changingCredentials(() =>
        sql.query('update iam_credentials set expires_at = least(expires_at, $2) where id = $1', [id, at]),
      );
    },
    async switchProfile(id: string, profileId: string) {
      await changingCredentials(() =>
        sql.query('update iam_credentials set profile_id = $2 where id = $1', [id, profileId]),
      );
    },
    async revoke(filter: { id?: string; userId?: string; kinds?: CredentialKind[]; exceptId?: string }, at: Date) {
      await changingCredentials(() =>
        sql.query(
          `update iam_credentials set revoked_at = $1 where revoked_at is null
         and ($2::text is null or id = $2) and ($3::text is null or user_id = $3)
         and ($4::text[] is null or kind = any($4)) and ($5::text is null or id <> $5)`,
          [at, filter.id ?? null, filter.userId ?? null, filter.kinds ?? null, filter.exceptId ?? null],
        ),
      );
    },

    /** `executor`: a transaction the link commits in (with the e-mail that carries it). */
    async insertPasswordLink(
      link: { tokenHash: string; userId: string; purpose: string; expiresAt: Date },
      executor: SqlExecutor = sql,
    ) {
      await executor.query(
        'insert into iam_password_links (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)',
        [link.tokenHash, link.userId, link.purpose, link.expiresAt],
      );
    },
    /** Marks a live link used and answers its user; undefined when unknown, used or expired (one use only). */
    async consumePasswordLink(tokenHash: string, at: Date): Promise<string | undefined> {
      const [row] = await sql.query<{ user_id: string }>(
        `update iam_password_links set used_at = $2
         where token_hash = $1 and used_at is null and expires_at > $2 returning user_id`,
        [tokenHash, at],
      );
      return row?.user_id;
    },
  };
}

export type IdentityStore = Awaited<ReturnType<typeof openIdentityStore>>;
