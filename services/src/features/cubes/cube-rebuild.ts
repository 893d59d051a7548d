import { setImmediate } from 'node:timers/promises';
import { type EnrichedMeasurement, selectionFields } from '@nq/contracts';
import type { LogPort } from '@nq/platform/log/log-port';
import {
  bucketStart,
  type Contribution,
  type CubeDefinition,
  type CubeInput,
  type CubeStore,
  contributionsOf,
  measuresOf,
  type RowWrite,
  storedRowOf,
  type VersionedRow,
} from '@nq/projections';
import type { AnalyticsEngine } from '../analytics/index.ts';

export interface RebuildProgress {
  /** Raw measurements read so far. */
  done: number;
  rows: number;
}

export interface RebuildOptions {
  cube: CubeDefinition;
  store: CubeStore;
  /** Reads the raw measurements (unrestricted scope). */
  engine: AnalyticsEngine;
  log: LogPort;
  /** The ingest workers' consumer group and topic: what they committed is in the raw store for good. */
  ingest: { groupId: string; topic: string };
  /** Makes every durable raw measurement visible to reads (Elasticsearch refreshes near real time). */
  refresh: () => Promise<void>;
  /** Instants; widened to whole buckets. */
  from: string;
  to: string;
  onProgress?: (progress: RebuildProgress) => Promise<void>;
  signal?: AbortSignal;
}

const dayMs = 86_400_000;

/** The bucket-aligned chunks (a day each) a range is rebuilt in, so that memory holds one chunk's rows at a time. */
export function chunksOf(cube: CubeDefinition, from: string, to: string): { from: number; to: number }[] {
  const start = bucketStart(cube, Date.parse(from));
  const end = Date.parse(to);
  const chunks: { from: number; to: number }[] = [];
  for (let at = start; at < end; ) {
    // A day's start in the cube's zone, found from an instant safely inside the next day (DST days are 23 to 25 h).
    const next = cube.grain === 'day' ? bucketStart(cube, at + dayMs + 3 * 3_600_000) : at + dayMs;
    chunks.push({ from: at, to: next });
    at = next;
  }
  return chunks;
}

/** Per raw partition, the last offset the ingest workers committed past (−1: none). */
async function committedCutoffs(log: LogPort, ingest: RebuildOptions['ingest']) {
  const lags = await log.groupLag(ingest.groupId);
  return new Map(
    lags
      .filter((lag) => lag.topic === ingest.topic && lag.committedOffset !== undefined)
      .map((lag) => [lag.partition, lag.committedOffset! - 1]),
  );
}

async function* rawMeasurements(options: RebuildOptions, range: { from: number; to: number }) {
  const selection = {
    filter: selectionFields.parse({
      tsStart: new Date(range.from).toISOString(),
      tsEnd: new Date(range.to - 1).toISOString(),
    }),
  };
  yield* options.engine.scan(
    selection,
    { timeZone: 'UTC' },
    {
      batchSize: 2_000,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
}

const inputOf = (measurement: EnrichedMeasurement): CubeInput => ({
  measurement,
  ...(measurement.ingestSource ? { source: measurement.ingestSource } : {}),
});

/** Whether the rebuild counts a measurement: written directly, or ingested before the cutoff of its partition. */
const countedBelow = (cutoffs: Map<number, number>) => (input: CubeInput) =>
  !input.source || input.source.offset <= (cutoffs.get(input.source.partition) ?? -1);

const rowToWrite = (contribution: Contribution, appliedOffset: number, version?: string): RowWrite => ({
  row: storedRowOf({ ...contribution, appliedOffset }),
  ...(version ? { version } : {}),
});

/**
 * Rebuilds a cube's rows over a range from the raw measurements. Exact beside the live stream: each row
 * holds the measurements of its raw partition up to an offset and says so (`appliedOffset`), and the stream adds only
 * those after it. The rebuild counts what ingest had committed when it started; a row the stream has meanwhile taken
 * further is recounted up to the stream's offset (all of which ingest wrote before passing it on); every write is
 * conditional on the version read. Rows of the range no measurement makes any more are removed.
 */
export async function rebuildCube(options: RebuildOptions): Promise<RebuildProgress> {
  const { cube } = options;
  const progress: RebuildProgress = { done: 0, rows: 0 };
  const cutoffs = await committedCutoffs(options.log, options.ingest);
  await options.refresh();
  for (const chunk of chunksOf(cube, options.from, options.to)) {
    options.signal?.throwIfAborted();
    const contributions = new Map<string, Contribution>();
    const counted = countedBelow(cutoffs);
    for await (const batch of rawMeasurements(options, chunk)) {
      contributionsOf(cube, batch.map(inputOf).filter(counted), { keepInputs: false, into: contributions });
      progress.done += batch.length;
      // The embedded store answers without yielding: let the platform's requests through between pages.
      await setImmediate();
    }
    progress.rows += await writeChunk(options, chunk, contributions, cutoffs);
    await options.onProgress?.({ ...progress });
  }
  return progress;
}

const appliedFor = (contribution: Contribution, cutoffs: Map<number, number>) =>
  contribution.partition < 0 ? -1 : (cutoffs.get(contribution.partition) ?? -1);

async function writeChunk(
  options: RebuildOptions,
  chunk: { from: number; to: number },
  contributions: Map<string, Contribution>,
  cutoffs: Map<number, number>,
): Promise<number> {
  const { store } = options;
  let written = 0;
  let pending = new Set(contributions.keys());
  for (let attempt = 0; pending.size > 0; attempt++) {
    if (attempt > 20) throw new Error(`cube ${options.cube.name}: rows kept changing during the rebuild`);
    const current = await store.get([...pending]);
    const writes: RowWrite[] = [];
    // Rows the stream has taken past the cutoff are counted again up to where the stream is, all in one read.
    const ahead = new Map<string, VersionedRow>();
    for (const id of pending) {
      const contribution = contributions.get(id)!;
      const stored = current.get(id);
      const applied = appliedFor(contribution, cutoffs);
      if (stored && stored.row.appliedOffset > applied) ahead.set(id, stored);
      else writes.push(rowToWrite(contribution, applied, stored?.version));
    }
    const recounted = await recountRows(options, chunk, ahead);
    for (const [id, stored] of ahead) {
      const row = recounted.get(id);
      if (row) writes.push(rowToWrite(row, stored.row.appliedOffset, stored.version));
    }
    const { conflicts } = await store.put(writes);
    written += writes.length - conflicts.length;
    pending = new Set(conflicts);
  }
  await removeStaleRows(options, chunk, contributions, cutoffs);
  return written;
}

/** Rows counted from the raw measurements of their bucket, each up to the offset its stored row has reached. */
async function recountRows(
  options: RebuildOptions,
  chunk: { from: number; to: number },
  ahead: Map<string, VersionedRow>,
): Promise<Map<string, Contribution>> {
  const recounted = new Map<string, Contribution>();
  if (ahead.size === 0) return recounted;
  await options.refresh();
  const highest = Math.max(...[...ahead.values()].map(({ row }) => row.appliedOffset));
  const rows = new Map<string, Contribution>();
  for await (const batch of rawMeasurements(options, chunk))
    contributionsOf(
      options.cube,
      batch.map(inputOf).filter((input) => !input.source || input.source.offset <= highest),
      { into: rows },
    );
  for (const [id, { row }] of ahead) {
    const contribution = rows.get(id);
    const kept = contribution?.inputs.filter((input) => input.offset <= row.appliedOffset) ?? [];
    if (contribution && kept.length > 0) recounted.set(id, { ...contribution, ...measuresOf(kept) });
  }
  return recounted;
}

async function removeStaleRows(
  options: RebuildOptions,
  chunk: { from: number; to: number },
  contributions: Map<string, Contribution>,
  cutoffs: Map<number, number>,
) {
  const stale: VersionedRow[] = [];
  const range = { from: new Date(chunk.from).toISOString(), to: new Date(chunk.to).toISOString() };
  for await (const rows of options.store.scan(options.cube.id, range))
    for (const stored of rows)
      if (!contributions.has(stored.row.id) && stored.row.appliedOffset <= (cutoffs.get(stored.row.partition) ?? -1))
        stale.push(stored);
  // A row changed meanwhile (the stream counted a new measurement in it) is kept.
  await options.store.remove(stale.map(({ row, version }) => ({ id: row.id, version })));
}
