import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { EnrichedMeasurement } from '@nq/contracts';
import type { FileStore } from '../files/file-store.ts';
import type { MeasurementStore } from '../measurements/measurement-store-port.ts';
import type { Platform } from '../platform.ts';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { type BackupManifest, backupManifestSchema } from './backup-manifest.ts';
import { followRestoredIdentity, insertRows, restoredColumns, rowsOf, tableExists } from './source-tables.ts';

/** What a backup reads and a restore writes: the platform's stores, as it opened them. */
export interface BackupStores {
  sql: SqlClient;
  measurements: MeasurementStore;
  files: FileStore;
  /** The schema modules of the event store's database: the tables they back up are the backup's (in this order). */
  schemas: readonly SchemaModule[];
  /** The profile and adapters, as the manifest records them. */
  source: BackupManifest['source'];
  /** The key material in use, and whether it was configured (SECRET_KEY, PROBE_SECRETS_KEY) or generated. */
  keyMaterial: { configured: boolean; secretKey: string; probeSecretsKey?: string };
}

export type Progress = (line: string) => void;

/** Something a backup or a restore cannot do (a folder there already, a damaged backup, a target not empty), said so that an operator can act on it. */
export class BackupRefused extends Error {}

const measurementPage = 1_000;
const manifestFile = 'manifest.json';

/** Identifies the key material without revealing it: equal fingerprints, equal keys. */
export function keyFingerprint({ secretKey, probeSecretsKey }: BackupStores['keyMaterial']) {
  return createHmac('sha256', `${secretKey}\u0000${probeSecretsKey ?? ''}`)
    .update('nq backup key fingerprint')
    .digest('hex')
    .slice(0, 32);
}

/** Writes lines of JSON to a file of the folder (only its owner may read it: it holds sealed secrets and may hold the key). */
async function writeLines(path: string, lines: AsyncIterable<unknown[]>) {
  const hash = createHash('sha256');
  let rows = 0;
  await pipeline(
    async function* () {
      for await (const batch of lines) {
        const text = batch.map((item) => `${JSON.stringify(item)}\n`).join('');
        hash.update(text);
        rows += batch.length;
        yield text;
      }
    },
    createWriteStream(path, { mode: 0o600 }),
  );
  return { rows, sha256: hash.digest('hex') };
}

async function* linesOf<Item>(path: string, batchSize = 1_000): AsyncGenerator<Item[]> {
  let batch: Item[] = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    batch.push(JSON.parse(line) as Item);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function sha256Of(path: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Backs the platform up into `folder` (which must not exist): the event store's source tables read in one
 * consistent snapshot, every measurement, every generated file, and `manifest.json` last. It is written beside under a
 * temporary name and renamed when complete, so that a folder of that name is always a whole backup. Taken while the
 * platform runs; what is written meanwhile is in it or not, never half.
 */
export async function backUp(
  stores: BackupStores,
  folder: string,
  { progress = () => {}, measurements: withMeasurements = true }: { progress?: Progress; measurements?: boolean } = {},
) {
  const started = performance.now();
  if (await exists(folder)) throw new BackupRefused(`${folder} exists already: a backup goes into a new folder`);
  await mkdir(dirname(folder), { recursive: true });
  const partial = join(dirname(folder), `.${basename(folder)}.partial-${randomBytes(4).toString('hex')}`);
  await mkdir(join(partial, 'tables'), { recursive: true, mode: 0o700 });
  await mkdir(join(partial, 'files'), { mode: 0o700 });
  try {
    // Repeatable read: the events, streams, reservations and references as one commit left them.
    const { tables, lastEventId } = await stores.sql.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read');
      const written: BackupManifest['tables'] = {};
      for (const table of backedUpTables(stores)) {
        if (!(await tableExists(tx, table.name))) continue;
        const file = `tables/${table.name}.ndjson`;
        written[table.name] = { file, ...(await writeLines(join(partial, file), rowsOf(tx, table))) };
        progress(`${table.name}: ${written[table.name]!.rows} rows`);
      }
      const [last] = await tx.query<{ event_id: string }>(
        'select event_id from es_events order by sequence desc limit 1',
      );
      return { tables: written, lastEventId: last?.event_id ?? null };
    });

    const measurements = withMeasurements
      ? {
          file: 'measurements.ndjson',
          ...(await writeLines(join(partial, 'measurements.ndjson'), measurementPages(stores.measurements, progress))),
        }
      : null;
    progress(measurements ? `measurements: ${measurements.rows}` : 'measurements: left out');

    const files: BackupManifest['files'] = [];
    for (const name of await stores.files.list()) {
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        stores.files.open(name),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(join(partial, 'files', name), { mode: 0o600 }),
      );
      files.push({ name, size, sha256: hash.digest('hex') });
    }
    progress(`files: ${files.length}`);

    const manifest: BackupManifest = {
      format: 'nq-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      source: stores.source,
      keyMaterial: {
        source: stores.keyMaterial.configured ? 'configured' : 'generated',
        fingerprint: keyFingerprint(stores.keyMaterial),
      },
      tables,
      lastEventId,
      measurements,
      files,
      seconds: (performance.now() - started) / 1_000,
    };
    await writeFile(join(partial, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, folder);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function* measurementPages(store: MeasurementStore, progress: Progress) {
  let count = 0;
  for (let after = ''; ; ) {
    const page = await store.page(after, measurementPage);
    if (page.length === 0) return;
    yield page;
    after = page.at(-1)!.measurementId;
    count += page.length;
    if (count % 100_000 < measurementPage) progress(`measurements: ${count} read`);
  }
}

const backedUpTables = (stores: BackupStores) => stores.schemas.flatMap((schema) => schema.backedUp ?? []);

/** The backup's manifest, every part checked against it: nothing is restored from a damaged backup. */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const path = join(folder, manifestFile);
  if (!(await exists(path))) throw new BackupRefused(`${folder} is no backup: it has no ${manifestFile}`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new BackupRefused(`${path} is not a backup manifest this version reads`);
  const manifest = parsed.data;
  const parts = [
    ...Object.values(manifest.tables).map(({ file, sha256 }) => ({ file, sha256 })),
    ...(manifest.measurements ? [{ file: manifest.measurements.file, sha256: manifest.measurements.sha256 }] : []),
    ...manifest.files.map(({ name, sha256 }) => ({ file: `files/${name}`, sha256 })),
  ];
  for (const { file, sha256 } of parts) {
    const partPath = join(folder, file);
    if (!(await exists(partPath))) throw new BackupRefused(`the backup is damaged: ${file} is missing`);
    if ((await sha256Of(partPath)) !== sha256)
      throw new BackupRefused(`the backup is damaged: ${file} does not match its checksum`);
  }
  return manifest;
}

/**
 * Restores a backup into these stores: the event store must be empty (or hold exactly the backup's events, from an
 * earlier restore that stopped later on), measurements and files are written again (the same measurement or file
 * twice is written once). The read models are not restored: the caller rebuilds them from the restored log.
 */
export async function restore(stores: BackupStores, folder: string, progress: Progress = () => {}) {
  const started = performance.now();
  const manifest = await readBackup(folder);
  checkKeyMaterial(manifest, stores.keyMaterial);

  const [{ events }] = (await stores.sql.query<{ events: string | number }>(
    'select count(*) as events from es_events',
  )) as [{ events: string | number }];
  const backedUpEvents = manifest.tables.es_events?.rows ?? 0;
  const alreadyRestored =
    Number(events) === backedUpEvents &&
    (manifest.lastEventId === null ||
      (await stores.sql.query('select 1 from es_events where event_id = $1', [manifest.lastEventId])).length === 1);
  if (Number(events) > 0 && !alreadyRestored)
    throw new BackupRefused(
      `a restore needs an empty event store: this one holds ${events} events (restore into a new database)`,
    );
  if (alreadyRestored && backedUpEvents > 0) progress(`event store: its ${events} events are there already`);
  else {
    // Every module's tables as this version has them (the restoring process opened only the platform's own).
    for (const schema of stores.schemas) if (schema.backedUp) await migrate(stores.sql, schema);
    await stores.sql.transaction(async (tx) => {
      for (const table of backedUpTables(stores)) {
        const part = manifest.tables[table.name];
        if (!part) continue;
        const columns = await restoredColumns(tx, table);
        for await (const rows of linesOf<Record<string, unknown>>(join(folder, part.file)))
          await insertRows(tx, table, columns, rows);
        await followRestoredIdentity(tx, table);
        progress(`${table.name}: ${part.rows} rows`);
      }
    });
  }

  if (manifest.measurements) {
    let measurements = 0;
    for await (const page of linesOf<EnrichedMeasurement>(join(folder, manifest.measurements.file))) {
      await writeBack(stores.measurements, page);
      measurements += page.length;
      if (measurements % 100_000 < page.length) progress(`measurements: ${measurements} written`);
    }
    progress(`measurements: ${measurements}`);
  } else progress('measurements: not in this backup (restore them from a snapshot of their indices)');

  for (const file of manifest.files) {
    if ((await stores.files.size(file.name)) === file.size) continue;
    const write = stores.files.write(file.name);
    await pipeline(createReadStream(join(folder, 'files', file.name)), write.stream).catch(async (error: unknown) => {
      await write.abort();
      throw error;
    });
    await write.commit();
  }
  progress(`files: ${manifest.files.length}`);
  return { manifest, seconds: (performance.now() - started) / 1_000 };
}

/** Writes measurements again, trying those refused for a passing reason (an overloaded store) a few more times. */
async function writeBack(store: MeasurementStore, page: EnrichedMeasurement[], attempts = 5) {
  let pending = page;
  for (let attempt = 1; ; attempt++) {
    const { failed } = await store.write(pending);
    if (failed.length === 0) return;
    if (attempt === attempts || failed.some((failure) => !failure.retryable))
      throw new Error(`${failed.length} measurements could not be written back, the first: ${failed[0]!.reason}`);
    const again = new Set(failed.map((failure) => failure.measurementId));
    pending = pending.filter((measurement) => again.has(measurement.measurementId));
    await new Promise((resolve) => setTimeout(resolve, attempt * 1_000));
  }
}

function checkKeyMaterial(manifest: BackupManifest, keys: BackupStores['keyMaterial']) {
  const { source, fingerprint } = manifest.keyMaterial;
  if (source === 'configured' && keyFingerprint(keys) !== fingerprint)
    throw new BackupRefused(
      'the backup was taken with a configured SECRET_KEY (and PROBE_SECRETS_KEY, if set) that this configuration ' +
        'does not have: configure the same keys to restore it, or its sealed secrets could not be read',
    );
  if (source === 'generated' && keys.configured)
    throw new BackupRefused(
      'the backup carries the key it was taken with (generated, in its settings): unset SECRET_KEY and ' +
        'PROBE_SECRETS_KEY to restore it, or its sealed secrets could not be read',
    );
}

/** The stores of an opened platform, as a backup reads them and a restore writes them. */
export const backupStoresOf = (
  platform: Pick<Platform, 'sql' | 'measurements' | 'files' | 'config' | 'secretKey' | 'schemas'>,
): BackupStores => ({
  sql: platform.sql,
  measurements: platform.measurements,
  files: platform.files,
  schemas: platform.schemas,
  source: {
    profile: platform.config.profile,
    eventStore: platform.config.adapters.eventStore,
    measurements: platform.measurements.adapter,
  },
  keyMaterial: {
    configured: Boolean(platform.config.secretKey || platform.config.probeSecretsKey),
    secretKey: platform.secretKey,
    ...(platform.config.probeSecretsKey ? { probeSecretsKey: platform.config.probeSecretsKey } : {}),
  },
});

const datedName = /^nq-\d{8}T\d{6}Z$/;

/** A new backup's folder in `dir`, named by the UTC instant (`nq-20261207T021500Z`): names sort as their dates. */
export const datedBackupFolder = (dir: string, now = new Date()) =>
  join(
    dir,
    `nq-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`,
  );

/** Deletes the oldest dated backups in `dir` beyond the newest `keep` (complete ones only count); answers their names. */
export async function pruneBackups(dir: string, keep: number) {
  const complete = [];
  for (const name of (await readdir(dir)).filter((entry) => datedName.test(entry)).sort())
    if (await exists(join(dir, name, manifestFile))) complete.push(name);
  const old = complete.slice(0, Math.max(0, complete.length - keep));
  for (const name of old) await rm(join(dir, name), { recursive: true, force: true });
  return old;
}
