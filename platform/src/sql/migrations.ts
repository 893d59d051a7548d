import { setTimeout as sleep } from 'node:timers/promises';
import { processLog } from '../logging/process-log.ts';
import type { SqlClient, SqlTransaction } from './sql-client.ts';

/** One step of a module's schema, never edited once released: a later change is a new step. */
export interface Migration {
  /** Unique within its module, e.g. `1-tables`; steps run in the order listed. */
  id: string;
  /** SQL statements separated by semicolons, or work on the transaction (e.g. filling a new column). */
  up: string | ((tx: SqlTransaction) => Promise<void>);
}

/** The tables one module owns (event store, read store, identity…) and the ordered steps that make them. */
export interface SchemaModule {
  name: string;
  migrations: readonly Migration[];
  /**
   * Its tables that hold what nothing else gives back (events, password hashes, alert history): `nq backup` carries
   * them. Tables not listed are derived (read models, cube builds) or in transit (the embedded log, the job queue).
   */
  backedUp?: readonly BackedUpTable[];
}

/** A table a backup carries, and how a restore writes it back. */
export interface BackedUpTable {
  name: string;
  /** Its primary key: a backup reads it in key order, a page at a time. */
  key: readonly string[];
  /** Columns that belong to this database alone (an event's writing transaction): a restore lets them default. */
  local?: readonly string[];
  /** Its identity (or serial) column, moved past the restored rows so that new rows follow them. */
  identity?: string;
  /** Restored rows replace those already there (the key the restoring process generated when it opened). */
  replace?: true;
}

export class SchemaNewerThanCode extends Error {
  constructor(module: string, unknown: string[]) {
    super(
      `the database holds schema steps of '${module}' this version does not know (${unknown.join(', ')}): ` +
        'it was migrated by a newer version of the platform; run that version, or restore a backup',
    );
  }
}

const ledger = `create table if not exists schema_migrations (
  module text not null,
  id text not null,
  applied_at timestamptz not null default now(),
  primary key (module, id))`;

export class SchemaNotMigrated extends Error {
  constructor(module: string, missing: string[], waitedMs: number) {
    super(
      `the database lacks schema steps of '${module}' (${missing.join(', ')}) after ${Math.round(waitedMs / 1_000)} s: ` +
        'run `nq migrate` (the migration Job) with this version, or set SCHEMA_MIGRATIONS=apply',
    );
  }
}

/** The clients whose processes leave migrating to `nq migrate` and wait for it (SCHEMA_MIGRATIONS=await). */
const waits = new WeakMap<SqlClient, { waitMs: number; pollMs: number }>();

/** From now on, `migrate` on this client waits for the steps to be applied by `nq migrate` instead of applying them. */
export function awaitSchemaSteps(sql: SqlClient, options: { waitMs?: number; pollMs?: number } = {}) {
  waits.set(sql, { waitMs: options.waitMs ?? 600_000, pollMs: options.pollMs ?? 2_000 });
}

const isMissingTable = (error: unknown) => (error as { code?: string }).code === '42P01';

async function appliedSteps(sql: SqlClient, module: string): Promise<Set<string>> {
  try {
    const rows = await sql.query<{ id: string }>('select id from schema_migrations where module = $1', [module]);
    return new Set(rows.map((row) => row.id));
  } catch (error) {
    if (isMissingTable(error)) return new Set();
    throw error;
  }
}

/** Waits until every step of a module is recorded (by another process), or fails saying what is missing. */
async function awaitSteps(sql: SqlClient, module: SchemaModule): Promise<string[]> {
  const { waitMs, pollMs } = waits.get(sql)!;
  const started = Date.now();
  let told = false;
  for (;;) {
    const done = await appliedSteps(sql, module.name);
    const known = new Set(module.migrations.map((migration) => migration.id));
    const unknown = [...done].filter((id) => !known.has(id));
    if (unknown.length > 0) throw new SchemaNewerThanCode(module.name, unknown);
    const missing = module.migrations.map((migration) => migration.id).filter((id) => !done.has(id));
    if (missing.length === 0) return [];
    if (Date.now() - started >= waitMs) throw new SchemaNotMigrated(module.name, missing, Date.now() - started);
    if (!told) processLog().info({ module: module.name, missing }, 'waiting for `nq migrate` to apply schema steps');
    told = true;
    await sleep(pollMs);
  }
}

/**
 * Brings a module's tables up to date: the steps not yet recorded in `schema_migrations` run in order, each recorded
 * in the transaction that applies them. Processes starting together take turns (an advisory lock), so a step runs
 * once. Answers the ids of the steps it applied. On a client told to await them, it waits for `nq migrate` instead.
 */
export async function migrate(sql: SqlClient, module: SchemaModule): Promise<string[]> {
  if (waits.has(sql)) return awaitSteps(sql, module);
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['nq-schema']);
    await tx.exec(ledger);
    const rows = await tx.query<{ id: string }>('select id from schema_migrations where module = $1', [module.name]);
    const done = new Set(rows.map((row) => row.id));
    const known = new Set(module.migrations.map((migration) => migration.id));
    const unknown = [...done].filter((id) => !known.has(id));
    if (unknown.length > 0) throw new SchemaNewerThanCode(module.name, unknown);
    const applied: string[] = [];
    for (const migration of module.migrations) {
      if (done.has(migration.id)) continue;
      if (typeof migration.up === 'string') await tx.exec(migration.up);
      else await migration.up(tx);
      await tx.query('insert into schema_migrations (module, id) values ($1, $2)', [module.name, migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/** Every module's applied steps, for `nq migrate` and support. */
export async function appliedMigrations(sql: SqlClient) {
  await sql.exec(ledger);
  return sql.query<{ module: string; id: string; applied_at: Date | string }>(
    'select module, id, applied_at from schema_migrations order by applied_at, module, id',
  );
}
