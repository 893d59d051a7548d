/**
 * The write and read sides under load: event store appends, projection rebuilds and projection lag, on PostgreSQL and
 * on PGlite (in memory), with the SQL and the Elasticsearch read stores:
 *   node load-tests/src/event-store.bench.ts
 * BENCH_APPENDS appends per append row (default 3000), BENCH_STREAMS streams they are spread over in the many-streams
 * row (default 1000), BENCH_WRITERS concurrent writers on PostgreSQL (default 8); BENCH_EVENTS events seeded for the
 * rebuilds (default 100000) across BENCH_TAGS tag streams (default 5000), BENCH_SEED_BATCH events per seeding append
 * (default 5), BENCH_BATCH projector batch size (default 1000); BENCH_RATE tag commands/s (default 200) for
 * BENCH_SECONDS (default 20) in the lag rows, whose read model is polled every BENCH_POLL_MS (default 5);
 * BENCH_ONLY=append,rebuild,lag picks workloads; BENCH_TIMEOUT_S per phase (default 180), BENCH_WATCHDOG_S for the
 * whole run (default 600). Every PostgreSQL database (nq_bench_<run>_*) and Elasticsearch index (nq-bench-<run>-*) it
 * creates is dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { compareLogPositions, type EventMetadata, type LogPosition } from '@nq/contracts';
import { defaultConfigurationSettings } from '@nq/platform/entities/entity-definition';
import { entityService } from '@nq/platform/entities/entity-service';
import type { EventStore, NewEvent } from '@nq/platform/event-store/event-store-port';
import { openSqlEventStore } from '@nq/platform/event-store/sql-event-store';
import { openElasticsearchReadStore } from '@nq/platform/read-store/elasticsearch-read-store';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { dropDatabase, ensureDatabase } from '@nq/platform/sql/ensure-database';
import { openPgClient } from '@nq/platform/sql/pg-client';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { createProjector } from '@nq/projections/projector/projector';
import { readModels } from '@nq/services/composition/platform-runs';
import { tagEntity } from '@nq/services/features/tags/index';

function positive(name: string, fallback: number, integer = true): number {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0 && (!integer || Number.isInteger(value)))) throw new Error(`${name} must be a positive number`);
  return value;
}
const appends = positive('BENCH_APPENDS', 3_000);
const streams = positive('BENCH_STREAMS', 1_000);
const writers = positive('BENCH_WRITERS', 8);
const seedEvents = positive('BENCH_EVENTS', 100_000);
const seedTags = positive('BENCH_TAGS', 5_000);
const seedBatch = positive('BENCH_SEED_BATCH', 5);
const projectorBatch = positive('BENCH_BATCH', 1_000);
const rate = positive('BENCH_RATE', 200, false);
const loadSeconds = positive('BENCH_SECONDS', 20, false);
const pollMs = positive('BENCH_POLL_MS', 5, false);
const phaseTimeoutMs = positive('BENCH_TIMEOUT_S', 180, false) * 1_000;
const watchdogMs = positive('BENCH_WATCHDOG_S', 600, false) * 1_000;
const workloads = new Set((process.env.BENCH_ONLY ?? 'append,rebuild,lag').split(',').map((w) => w.trim()));
const postgresServer = 'postgresql://postgres@127.0.0.1:5432';
const elasticsearchUrl = 'http://127.0.0.1:9200';
const maxInFlight = 100;
const drainTimeoutMs = 30_000;

const run = randomUUID().replaceAll('-', '').slice(0, 10);
const indexPrefix = `nq-bench-${run}`;
const databases = new Set<string>();
const opened = new Set<{ close(): Promise<void> }>();
const progress = (message: string) => console.error(`[event-store bench] ${message}`);

interface Row {
  workload: string;
  store: string;
  events: string;
  seconds: string;
  rate: string;
  p50: string;
  p99: string;
  target: string;
  note: string;
}
const rows: Row[] = [];
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const millis = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));

function percentile(sorted: number[], q: number): number | undefined {
  return sorted.length === 0
    ? undefined
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function withDeadline<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${phaseTimeoutMs / 1_000} s`)), phaseTimeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Runs one row's measurement; a failure or a timeout becomes the row's note, and the next row still runs. */
async function measure(
  row: Omit<Row, 'events' | 'seconds' | 'rate' | 'p50' | 'p99' | 'note'>,
  work: () => Promise<Partial<Row>>,
) {
  progress(`${row.workload} — ${row.store}`);
  const blank = { events: '-', seconds: '-', rate: '-', p50: '-', p99: '-', note: '' };
  try {
    rows.push({ ...row, ...blank, ...(await withDeadline(`${row.workload} (${row.store})`, work())) });
  } catch (error) {
    rows.push({ ...row, ...blank, note: `failed: ${error instanceof Error ? error.message : String(error)}` });
  }
  progress(`  ${JSON.stringify(rows.at(-1))}`);
}

function track<T extends { close(): Promise<void> }>(resource: T): T {
  opened.add(resource);
  return resource;
}
async function release(resource: { close(): Promise<void> }) {
  if (opened.delete(resource)) await resource.close().catch(() => undefined);
}

async function openPostgres(name: string, maxConnections = 16): Promise<SqlClient> {
  const url = `${postgresServer}/nq_bench_${run}_${name}`;
  databases.add(url);
  await ensureDatabase(url);
  return track(await openPgClient(url, { maxConnections }));
}
const openPglite = async () => track(await openPgliteClient());

const actor = { userId: 'bench', profileId: 'bench-profile' };
function metadataFor(): EventMetadata {
  const commandId = randomUUID();
  return { actor, commandId, correlationId: commandId, causationId: commandId };
}
const tagCreated = (id: string, name: string): NewEvent => ({
  type: 'TagCreated',
  schemaVersion: 1,
  data: { id, fields: { name, profiles: ['bench-profile'] }, owner: actor.profileId },
});
const tagUpdated = (name: string): NewEvent => ({ type: 'TagUpdated', schemaVersion: 1, data: { changes: { name } } });

// 1. N sequential appends of one event to one stream, each with the version it expects.
async function appendOneStream(store: EventStore): Promise<Partial<Row>> {
  const id = randomUUID();
  const streamId = `tag-${id}`;
  await store.append({ streamId, expectedVersion: 0, events: [tagCreated(id, 'one stream')], metadata: metadataFor() });
  const latencies: number[] = [];
  const started = performance.now();
  for (let version = 1; version <= appends; version++) {
    const before = performance.now();
    await store.append({
      streamId,
      expectedVersion: version,
      events: [tagUpdated(`one stream ${version}`)],
      metadata: metadataFor(),
    });
    latencies.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return {
    events: count(appends),
    seconds: seconds.toFixed(2),
    rate: count(appends / seconds),
    p50: millis(percentile(latencies, 0.5)),
    p99: millis(percentile(latencies, 0.99)),
    note: 'p50/p99: append latency',
  };
}

// 2. N appends over M streams; each writer owns its streams, so expected versions never collide.
async function appendManyStreams(store: EventStore, concurrency: number): Promise<Partial<Row>> {
  const ids = Array.from({ length: streams }, () => randomUUID());
  const latencies: number[] = [];
  const writer = async (w: number) => {
    const own = ids.filter((_, s) => s % concurrency === w);
    const versions = new Map<string, number>();
    const share = Math.floor(appends / concurrency) + (w < appends % concurrency ? 1 : 0);
    for (let i = 0; i < share && own.length > 0; i++) {
      const id = own[i % own.length]!;
      const version = versions.get(id) ?? 0;
      const before = performance.now();
      await store.append({
        streamId: `tag-${id}`,
        expectedVersion: version,
        events: [version === 0 ? tagCreated(id, `stream ${id}`) : tagUpdated(`stream ${id} ${version}`)],
        metadata: metadataFor(),
      });
      latencies.push(performance.now() - before);
      versions.set(id, version + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => writer(w)));
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return {
    events: count(latencies.length),
    seconds: seconds.toFixed(2),
    rate: count(latencies.length / seconds),
    p50: millis(percentile(latencies, 0.5)),
    p99: millis(percentile(latencies, 0.99)),
    note:
      concurrency > 1
        ? `p50/p99: append latency; ${concurrency} writers on a pool of 16 connections`
        : 'p50/p99: append latency; one connection: sequential',
  };
}

/**
 * E events over S tag streams (`tag-seed-<s>`: one TagCreated, then TagUpdated), appended B at a time per stream in
 * rounds, so each stream's events are spread over the log as in real life rather than in one block.
 */
async function seed(store: EventStore, concurrency: number) {
  const eventsOf = (s: number) => Math.floor(seedEvents / seedTags) + (s < seedEvents % seedTags ? 1 : 0);
  const started = performance.now();
  for (let from = 0; from < Math.ceil(seedEvents / seedTags); from += seedBatch) {
    let next = 0;
    const writer = async () => {
      while (next < seedTags) {
        const s = next++;
        const size = Math.min(seedBatch, eventsOf(s) - from);
        if (size <= 0) continue;
        const events = Array.from({ length: size }, (_, k) =>
          from + k === 0 ? tagCreated(`seed-${s}`, `seed tag ${s}`) : tagUpdated(`seed tag ${s} v${from + k}`),
        );
        await store.append({ streamId: `tag-seed-${s}`, expectedVersion: from, events, metadata: metadataFor() });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, writer));
  }
  const seconds = (performance.now() - started) / 1_000;
  progress(`  seeded ${count(seedEvents)} events in ${seconds.toFixed(1)} s (${count(seedEvents / seconds)} events/s)`);
  return seconds;
}

// 3 and 4. Rebuild of the tags read model from the seeded log.
async function rebuild(
  eventStore: EventStore,
  readStore: ReadStore,
  seedSeconds: number,
  targetEventsPerSecond?: number,
): Promise<Partial<Row>> {
  const projector = createProjector({
    eventStore,
    readStore,
    projections: readModels,
    batchSize: projectorBatch,
  });
  const report = await projector.rebuild('configuration-tags');
  const { total } = await readStore.list('tags', { offset: 0, limit: 1 });
  const expected = Math.min(seedTags, seedEvents);
  return {
    events: count(report.events),
    seconds: report.seconds.toFixed(2),
    rate: count(report.eventsPerSecond),
    note:
      `${total === expected ? '' : `WRONG: ${count(total)} documents, ${count(expected)} expected; `}` +
      `seeded in ${seedSeconds.toFixed(1)} s (${count(seedEvents / seedSeconds)} events/s)` +
      `${targetEventsPerSecond && report.eventsPerSecond < targetEventsPerSecond ? '; TARGET MISSED' : ''}`,
  };
}

/**
 * 5. Tag commands at a steady rate through the entity service, with the projector running; for each command, the
 * time from its append (the command's answer) until the tags read model's checkpoint reaches its position.
 */
async function projectionLag(sql: SqlClient, readStore: ReadStore): Promise<Partial<Row>> {
  const eventStore = await openSqlEventStore(sql);
  const projector = createProjector({ eventStore, readStore, projections: readModels });
  const tags = entityService(tagEntity, { eventStore, settings: defaultConfigurationSettings });
  const metadata = () => {
    const commandId = randomUUID();
    return { actor, commandId, correlationId: commandId, now: new Date() };
  };
  const created: string[] = [];
  const create = async (i: number) => {
    const id = randomUUID();
    const outcome = await tags.execute({ type: 'create', id, fields: { name: `lag ${run} ${i}` } }, metadata());
    created.push(id);
    return outcome;
  };
  await projector.start();
  try {
    // Warm-up (index creation, first connections), not measured.
    const warm = await create(-1);
    if (!(await projector.waitFor(warm.position!, drainTimeoutMs, 'configuration-tags')))
      throw new Error('the warm-up command never showed in the read model');

    const pending: { position: LogPosition; at: number }[] = [];
    const lags: number[] = [];
    const commandLatencies: number[] = [];
    let issuing = true;
    const failures = new Map<string, number>();
    let skipped = 0;
    const watcher = (async () => {
      let drainUntil = Number.POSITIVE_INFINITY;
      while (issuing || pending.length > 0) {
        if (!issuing && drainUntil === Number.POSITIVE_INFINITY) drainUntil = performance.now() + drainTimeoutMs;
        if (performance.now() > drainUntil) break;
        const checkpoint = await readStore.checkpoint('configuration-tags');
        const now = performance.now();
        for (let i = pending.length - 1; i >= 0; i--) {
          if (compareLogPositions(pending[i]!.position, checkpoint) <= 0) {
            lags.push(now - pending[i]!.at);
            pending.splice(i, 1);
          }
        }
        await sleep(pollMs);
      }
    })();

    const total = Math.round(rate * loadSeconds);
    const inFlight = new Set<Promise<void>>();
    // Renames go to a tag no other command in flight is changing: the workload itself causes no version conflicts.
    const busy = new Set<string>();
    const idle = () => {
      for (let attempt = 0; attempt < 5 && created.length > 0; attempt++) {
        const id = created[Math.floor(Math.random() * created.length)]!;
        if (!busy.has(id)) return id;
      }
      return undefined;
    };
    const issue = async (i: number) => {
      const before = performance.now();
      const renamed = i % 2 === 1 ? idle() : undefined;
      if (renamed) busy.add(renamed);
      try {
        const outcome = renamed
          ? await tags.execute({ type: 'update', id: renamed, changes: { name: `lag ${run} ${i}` } }, metadata())
          : await create(i);
        const at = performance.now();
        commandLatencies.push(at - before);
        if (outcome.position) pending.push({ position: outcome.position, at });
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
        failures.set(code, (failures.get(code) ?? 0) + 1);
      } finally {
        if (renamed) busy.delete(renamed);
      }
    };
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1_000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (inFlight.size >= maxInFlight) {
        skipped++;
        continue;
      }
      const command = issue(i).finally(() => inFlight.delete(command));
      inFlight.add(command);
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1_000;
    issuing = false;
    await watcher;

    lags.sort((a, b) => a - b);
    commandLatencies.sort((a, b) => a - b);
    const p99 = percentile(lags, 0.99);
    return {
      events: count(commandLatencies.length),
      seconds: seconds.toFixed(2),
      rate: count(commandLatencies.length / seconds),
      p50: millis(percentile(lags, 0.5)),
      p99: millis(p99),
      note: [
        `p50/p99: append → read model (polled every ${pollMs} ms)`,
        `command p50/p99 ${millis(percentile(commandLatencies, 0.5))}/${millis(percentile(commandLatencies, 0.99))} ms`,
        ...(pending.length > 0 ? [`${pending.length} never shown within ${drainTimeoutMs / 1_000} s`] : []),
        ...[...failures].map(([code, times]) => `${times} commands failed (${code})`),
        ...(skipped > 0 ? [`${skipped} commands skipped (${maxInFlight} in flight)`] : []),
        ...(p99 !== undefined && p99 >= 200 ? ['TARGET MISSED'] : []),
      ].join('; '),
    };
  } finally {
    await projector.stop();
  }
}

async function cleanUp() {
  for (const resource of [...opened]) await release(resource);
  for (const url of databases) await dropDatabase(url).catch((error) => progress(`could not drop ${url}: ${error}`));
  try {
    const response = await fetch(`${elasticsearchUrl}/_cat/indices/${indexPrefix}-*?format=json&h=index`, {
      signal: AbortSignal.timeout(10_000),
    });
    const indices = response.ok ? ((await response.json()) as { index: string }[]).map(({ index }) => index) : [];
    if (indices.length > 0)
      await fetch(`${elasticsearchUrl}/${indices.join(',')}`, {
        method: 'DELETE',
        signal: AbortSignal.timeout(30_000),
      });
  } catch (error) {
    progress(`could not delete the ${indexPrefix}-* indices: ${error}`);
  }
}

function printTable() {
  const header: Row = {
    workload: 'workload',
    store: 'store',
    events: 'events',
    seconds: 'seconds',
    rate: 'events/s',
    p50: 'p50 ms',
    p99: 'p99 ms',
    target: 'target',
    note: 'note',
  };
  const columns = ['workload', 'store', 'events', 'seconds', 'rate', 'p50', 'p99', 'target', 'note'] as const;
  const left = new Set<string>(['workload', 'store', 'target', 'note']);
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: Row) =>
    columns
      .map((column, i) => (left.has(column) ? row[column].padEnd(widths[i]!) : row[column].padStart(widths[i]!)))
      .join(' | ')
      .trimEnd();
  console.info([line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n'));
}

// Whatever hangs, the benchmark ends by itself, and still tries to leave nothing behind.
setTimeout(() => {
  console.error('event-store benchmark: watchdog expired, giving up');
  printTable();
  setTimeout(() => process.exit(1), 20_000).unref();
  void cleanUp().finally(() => process.exit(1));
}, watchdogMs).unref();

console.info(
  `run ${run}: appends ${count(appends)} (many streams: ${count(streams)} streams, ${writers} writers on PostgreSQL); ` +
    `rebuilds of ${count(seedEvents)} events over ${count(seedTags)} tag streams (seeded ${seedBatch} per append), ` +
    `projector batches of ${projectorBatch}; lag: ${rate} tag commands/s for ${loadSeconds} s ` +
    '(half creates, half renames), projector on the 9 configuration projections',
);
try {
  if (workloads.has('append')) {
    const pg = await openPostgres('append');
    const pgStore = await openSqlEventStore(pg);
    const lite = await openPglite();
    const liteStore = await openSqlEventStore(lite);
    const one = 'append, one stream (sequential)';
    await measure({ workload: one, store: 'PostgreSQL', target: '' }, () => appendOneStream(pgStore));
    await measure({ workload: one, store: 'PGlite', target: '' }, () => appendOneStream(liteStore));
    const many = `append, ${count(streams)} streams`;
    await measure({ workload: many, store: 'PostgreSQL', target: '' }, () => appendManyStreams(pgStore, writers));
    await measure({ workload: many, store: 'PGlite', target: '' }, () => appendManyStreams(liteStore, 1));
    await release(pg);
    await release(lite);
  }
  if (workloads.has('rebuild')) {
    const target = '≥ 20,000 events/s';
    const pg = await openPostgres('rebuild');
    const pgStore = await openSqlEventStore(pg);
    let pgSeedSeconds = 0;
    await measure({ workload: 'rebuild tags → SQL', store: 'PostgreSQL', target }, async () => {
      pgSeedSeconds = await seed(pgStore, writers);
      return rebuild(pgStore, await openSqlReadStore(pg), pgSeedSeconds, 20_000);
    });
    await measure({ workload: 'rebuild tags → Elasticsearch', store: 'PostgreSQL', target: '' }, async () => {
      if (pgSeedSeconds === 0) throw new Error('nothing was seeded on PostgreSQL');
      const readStore = track(await openElasticsearchReadStore({ url: elasticsearchUrl, indexPrefix }));
      return rebuild(pgStore, readStore, pgSeedSeconds);
    });
    await release(pg);
    const lite = await openPglite();
    await measure({ workload: 'rebuild tags → SQL', store: 'PGlite', target }, async () => {
      const liteStore = await openSqlEventStore(lite);
      return rebuild(liteStore, await openSqlReadStore(lite), await seed(liteStore, 1), 20_000);
    });
    await release(lite);
  }
  if (workloads.has('lag')) {
    const target = 'p99 < 200 ms';
    const workload = `projection lag, ${rate} commands/s`;
    await measure({ workload, store: 'PostgreSQL → SQL', target }, async () => {
      const pg = await openPostgres('lag_sql');
      return projectionLag(pg, await openSqlReadStore(pg));
    });
    await measure({ workload, store: 'PostgreSQL → Elasticsearch', target }, async () => {
      const pg = await openPostgres('lag_es');
      const readStore = track(
        await openElasticsearchReadStore({ url: elasticsearchUrl, indexPrefix: `${indexPrefix}-lag` }),
      );
      return projectionLag(pg, readStore);
    });
  }
} finally {
  await cleanUp();
}
printTable();
// A client that does not let go of its sockets must not keep the benchmark alive.
setTimeout(() => process.exit(0), 5_000).unref();
