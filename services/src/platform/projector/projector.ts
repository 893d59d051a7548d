import { compareLogPositions, type LogPosition, type StoredEvent, splitLogPosition } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from '@nq/projections';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { EventStore } from '../event-store/event-store-port.ts';
import type { DocumentWrite, ReadStore } from '../read-store/read-store-port.ts';

export interface ProjectorOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: DocumentProjection[];
  metrics?: Registry;
  batchSize?: number;
  /** Safety net when no append notification arrives (another process, a lost NOTIFY). */
  pollIntervalMs?: number;
}

export interface RebuildReport {
  projection: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes every projection up to the head of the log now. */
  catchUp(): Promise<void>;
  /** Read-your-writes: true once every projection (or the one named) has reached `position`, false after `timeoutMs`. */
  waitFor(position: LogPosition, timeoutMs: number, projection?: string): Promise<boolean>;
  /** Forgets a projection's read model and builds it again from the start of the log. */
  rebuild(name: string): Promise<RebuildReport>;
}

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
  const metrics = projectorMetrics(options.metrics);
  const checkpoints = new Map<string, LogPosition>();
  let running = false;
  let wake = () => {};
  let loop: Promise<void> | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;

  async function checkpointOf(projection: DocumentProjection) {
    const known = checkpoints.get(projection.name);
    if (known) return known;
    const stored = await readStore.checkpoint(projection.name);
    checkpoints.set(projection.name, stored);
    return stored;
  }

  /** Applies the next batch of the log to one projection; answers how many events it read. */
  async function step(projection: DocumentProjection): Promise<number> {
    const events = await eventStore.readAll(await checkpointOf(projection), batchSize);
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
    await readStore.write(projection.name, projection.collection, writes, last.position);
    checkpoints.set(projection.name, last.position);
    const now = Date.now();
    for (const event of handled)
      metrics.lag.observe({ projection: projection.name }, (now - Date.parse(event.recordedAt)) / 1_000);
    metrics.checkpointAge.set({ projection: projection.name }, (now - Date.parse(last.recordedAt)) / 1_000);
    return events.length;
  }

  async function drain(projection: DocumentProjection) {
    let total = 0;
    for (let read = await step(projection); read > 0; read = await step(projection)) total += read;
    return total;
  }

  async function run() {
    while (running) {
      const read = await Promise.all(projections.map((projection) => step(projection).catch(() => -1)));
      if (read.some((count) => count > 0)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, read.some((count) => count < 0) ? pollIntervalMs * 4 : pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    async start() {
      if (running) return;
      running = true;
      unsubscribe = await eventStore.onAppend(() => wake());
      loop = run();
    },
    async stop() {
      running = false;
      wake();
      await loop;
      await unsubscribe?.();
    },
    async catchUp() {
      await Promise.all(projections.map(drain));
    },
    async waitFor(position, timeoutMs, name) {
      const targets = projections.filter((projection) => !name || projection.name === name);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Read from the store, not memory: the projector may run in another process.
        const positions = await Promise.all(targets.map((projection) => readStore.checkpoint(projection.name)));
        if (positions.every((reached) => compareLogPositions(reached, position) >= 0)) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async rebuild(name) {
      const projection = projections.find((candidate) => candidate.name === name);
      if (!projection)
        throw new Error(`unknown projection '${name}'; known: ${projections.map((p) => p.name).join(', ')}`);
      await readStore.reset(projection.name, projection.collection);
      checkpoints.delete(projection.name);
      const started = performance.now();
      const events = await drain(projection);
      const seconds = (performance.now() - started) / 1_000;
      return { projection: name, events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-6)) };
    },
  };
}
