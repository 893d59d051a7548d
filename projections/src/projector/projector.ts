import { compareLogPositions, type LogPosition, type StoredEvent, splitLogPosition } from '@nq/contracts';
import { processLog } from '@nq/platform/logging/process-log';
import type { Projector, ProjectorAdapters } from '@nq/platform/projector-port';
import type { DocumentProjection, ProjectedDocument } from '@nq/platform/read-store/document-projection';
import type { DocumentWrite } from '@nq/platform/read-store/read-store-port';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { logTail } from './log-tail.ts';

export interface ProjectorOptions extends ProjectorAdapters {
  projections: DocumentProjection[];
  batchSize?: number;
  /** Safety net when no append notification arrives (another process, a lost NOTIFY). */
  pollIntervalMs?: number;
  /** Told of a batch that could not be applied (it is retried with back-off). */
  onError?: (projection: string, error: unknown) => void;
}

const IDLE_CHECKPOINT_INTERVAL_MS = 1_000;

const sequenceOf = (event: StoredEvent) => BigInt(splitLogPosition(event.position).sequence);

function projectorMetrics(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  return {
    lag: new Histogram({
      name: 'nq_projection_lag_seconds',
      help: 'Time from an event being recorded to its read model being written',
      labelNames: ['projection'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    errors: new Counter({
      name: 'nq_projection_errors_total',
      help: 'Failed attempts to apply a batch of events to a read model (retried with back-off)',
      labelNames: ['projection'],
      registers,
    }),
    checkpointAge: new Gauge({
      name: 'nq_projection_checkpoint_age_seconds',
      help: 'Age of the newest event a projection has applied, when it applied it',
      labelNames: ['projection'],
      registers,
    }),
  };
}

export function createProjector(options: ProjectorOptions): Projector {
  const { eventStore, readStore, projections, batchSize = 1_000, pollIntervalMs = 500 } = options;
  const onError =
    options.onError ??
    ((projection, error) =>
      processLog().error({ projection, err: error }, `projection ${projection} failed, retrying`));
  const metrics = projectorMetrics(options.metrics);
  const log = logTail(eventStore, { fetchSize: batchSize });
  const checkpoints = new Map<string, LogPosition>();
  const persistedAt = new Map<string, number>();
  /** The checkpoint last stored (or read) per projection, to know without a read when one only moved in memory. */
  const persisted = new Map<string, LogPosition>();
  let running = false;
  /** The head of the log when it started, and whether every projection has since reached it. */
  let startHead: LogPosition | undefined;
  let caughtUp = false;
  let loops: Promise<void>[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;

  async function checkpointOf(projection: DocumentProjection) {
    const known = checkpoints.get(projection.name);
    if (known) return known;
    const stored = await readStore.checkpoint(projection.name);
    checkpoints.set(projection.name, stored);
    persisted.set(projection.name, stored);
    return stored;
  }

  /** Applies the next batch of the log to one projection; answers how many events it read. */
  async function step(projection: DocumentProjection): Promise<number> {
    const events = await log.readAll(await checkpointOf(projection), batchSize);
    if (events.length === 0) return 0;
    const documents = new Map<string, { doc: ProjectedDocument | null; version: bigint }>();
    const handled = events.filter((event) => projection.handles(event.type));
    // The stored documents of the whole batch in one read; later events of a document apply to its new state.
    const ids = [...new Set(handled.map((event) => projection.documentId(event)))];
    const stored = await readStore.getMany(projection.collection, ids);
    for (const event of handled) {
      const id = projection.documentId(event);
      const current = documents.has(id) ? documents.get(id)!.doc : (stored.get(id) ?? null);
      documents.set(id, { doc: projection.apply(current, event), version: sequenceOf(event) });
    }
    const writes: DocumentWrite[] = [...documents].map(([id, { doc, version }]) => ({ id, doc, version }));
    const last = events.at(-1)!;
    checkpoints.set(projection.name, last.position);
    // A batch with none of this projection's events only moves its checkpoint: stored at most once a second, since
    // replaying such events after a restart changes nothing.
    const now = Date.now();
    if (writes.length > 0 || now - (persistedAt.get(projection.name) ?? 0) >= IDLE_CHECKPOINT_INTERVAL_MS) {
      await readStore.write(projection.name, projection.collection, writes, last.position);
      persistedAt.set(projection.name, now);
      persisted.set(projection.name, last.position);
    }
    for (const event of handled)
      metrics.lag.observe({ projection: projection.name }, (now - Date.parse(event.recordedAt)) / 1_000);
    metrics.checkpointAge.set({ projection: projection.name }, (now - Date.parse(last.recordedAt)) / 1_000);
    return events.length;
  }

  /**
   * Stores a checkpoint that only moved in memory (see step), once the projection has caught up: readers waiting for
   * a position (read-your-writes, fresh enrichment facts) see it without waiting for the projection's next event.
   */
  async function flush(projection: DocumentProjection) {
    const position = checkpoints.get(projection.name);
    if (!position || position === persisted.get(projection.name)) return;
    if (compareLogPositions(await readStore.checkpoint(projection.name), position) < 0)
      await readStore.write(projection.name, projection.collection, [], position);
    persisted.set(projection.name, position);
  }

  async function drain(projection: DocumentProjection) {
    let total = 0;
    for (let read = await step(projection); read > 0; read = await step(projection)) total += read;
    await flush(projection);
    return total;
  }

  const sleepers = new Set<() => void>();
  // Counts append notifications, so that one arriving while a projection is busy is not slept through.
  let appends = 0;
  const wakeAll = () => {
    appends++;
    for (const wake of [...sleepers]) wake();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  /** Each projection advances on its own, so a slow read model never holds back the others. */
  async function run(projection: DocumentProjection) {
    let failures = 0;
    while (running) {
      const seen = appends;
      try {
        const read = await step(projection);
        failures = 0;
        if (read === 0) await flush(projection);
        if (read === 0 && seen === appends) await sleep(pollIntervalMs);
      } catch (error) {
        metrics.errors.inc({ projection: projection.name });
        onError(projection.name, error);
        await sleep(Math.min(pollIntervalMs * 2 ** ++failures, 30_000));
      }
    }
  }

  async function waitFor(position: LogPosition, timeoutMs: number, name?: string) {
    const targets = projections.filter((projection) => !name || projection.name === name);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Read from the store, not memory: the projector may run in another process.
      const positions = await Promise.all(targets.map((projection) => readStore.checkpoint(projection.name)));
      if (positions.every((reached) => compareLogPositions(reached, position) >= 0)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    async start() {
      if (running) return;
      // Another process may have projected since this one last did (a projector lease taken over): start from the
      // stored checkpoints, not from memory.
      checkpoints.clear();
      persisted.clear();
      startHead = await eventStore.head();
      caughtUp = false;
      running = true;
      unsubscribe = await eventStore.onAppend(wakeAll);
      loops = projections.map(run);
    },
    async stop() {
      running = false;
      wakeAll();
      await Promise.all(loops);
      await Promise.all(projections.map((projection) => flush(projection).catch(() => undefined)));
      await unsubscribe?.();
    },
    async catchUp() {
      await Promise.all(projections.map(drain));
    },
    waitFor,
    showsWrite: (position, name) => waitFor(position, options.readYourWritesMs ?? 5_000, name),
    async progress() {
      const [head, positions] = await Promise.all([eventStore.head(), Promise.all(projections.map(checkpointOf))]);
      const headSequence = BigInt(splitLogPosition(head).sequence);
      const behind = positions.reduce((most, position) => {
        const gap = headSequence - BigInt(splitLogPosition(position).sequence);
        return gap > most ? gap : most;
      }, 0n);
      if (running && !caughtUp && startHead)
        caughtUp = positions.every((position) => compareLogPositions(position, startHead!) >= 0);
      return { running, caughtUp: running && caughtUp, behind: Number(behind) };
    },
    async rebuild(name) {
      const projection = projections.find((candidate) => candidate.name === name);
      if (!projection)
        throw new Error(`unknown projection '${name}'; known: ${projections.map((p) => p.name).join(', ')}`);
      await readStore.reset(projection.name, projection.collection);
      checkpoints.delete(projection.name);
      persisted.delete(projection.name);
      const started = performance.now();
      const events = await drain(projection);
      const seconds = (performance.now() - started) / 1_000;
      return { projection: name, events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-6)) };
    },
  };
}
