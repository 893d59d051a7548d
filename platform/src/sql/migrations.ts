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

/**
 * Brings a module's tables up to date: the steps not yet recorded in `schema_migrations` run in order, each recorded
 * in the transaction that applies them. Processes starting together take turns (an advisory lock), so a step runs
 * once. Answers the ids of the steps it applied.
 */
export async function migrate(sql: SqlClient, module: SchemaModule): Promise<string[]> {
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
