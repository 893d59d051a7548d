import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Measurement } from '@nq/contracts';
import { syncDirectory, writeFileDurably } from './write-durably.ts';

/** A result kept on the probe's disk until the gateway has it: where it is (its key) and what it holds. */
export interface JournalEntry {
  key: string;
  measurement: Measurement;
}

export interface ResultJournal {
  /** Keeps the results on disk (synced) before it answers; past the capacity the oldest go, counted as dropped. */
  append(measurements: readonly Measurement[]): Promise<void>;
  /** The oldest results kept, at most `limit`, in the order they were measured. */
  oldest(limit: number): Promise<JournalEntry[]>;
  /** Forgets results the gateway answered (taken or refused for good). */
  remove(keys: readonly string[]): Promise<void>;
  /** Results kept now. */
  readonly size: number;
  /** Results dropped (the oldest, the buffer full) since the journal was first opened in this directory. */
  readonly dropped: number;
}

const RESULT = /^(\d{16})\.json$/;
const keyOf = (sequence: number) => `${String(sequence).padStart(16, '0')}.json`;

/**
 * The probe's result buffer: one file per result, written whole (a temporary file renamed over, then the directory
 * synced), so that a probe killed at any instant finds every result it had kept and none half-written. A result's
 * measurement id is in its file: sent again after a crash, it is the same result to the platform. Bounded by
 * `capacity` results: when full, the oldest are dropped and counted (the count survives restarts).
 */
export async function openResultJournal(directory: string, capacity: number): Promise<ResultJournal> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const names = await readdir(directory);
  // A temporary file is a write the probe did not finish: its result was never kept (its run had not ended).
  await Promise.all(names.filter((name) => name.endsWith('.tmp')).map((name) => rm(join(directory, name))));
  const sequences = names
    .map((name) => RESULT.exec(name)?.[1])
    .filter((sequence): sequence is string => sequence !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const counters = await readFile(join(directory, 'counters.json'), 'utf8')
    .then((text) => JSON.parse(text) as { dropped?: number })
    .catch(() => ({ dropped: 0 }));
  let dropped = counters.dropped ?? 0;
  let next = (sequences.at(-1) ?? 0) + 1;
  // One change at a time: appends and removals interleaved would race on the same directory listing.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function dropOldest(count: number) {
    const gone = sequences.splice(0, count);
    dropped += gone.length;
    await writeFileDurably(join(directory, 'counters.json'), JSON.stringify({ dropped }));
    await Promise.all(gone.map((sequence) => rm(join(directory, keyOf(sequence)), { force: true })));
  }

  return {
    append: (measurements) =>
      serially(async () => {
        if (measurements.length === 0) return;
        for (const measurement of measurements) {
          const sequence = next++;
          await writeFileDurably(join(directory, keyOf(sequence)), JSON.stringify(measurement));
          sequences.push(sequence);
        }
        if (sequences.length > capacity) await dropOldest(sequences.length - capacity);
        await syncDirectory(directory);
      }),
    oldest: (limit) =>
      serially(async () => {
        const entries: JournalEntry[] = [];
        const unreadable: number[] = [];
        for (const sequence of sequences.slice(0, limit)) {
          const key = keyOf(sequence);
          const text = await readFile(join(directory, key), 'utf8').catch(() => undefined);
          try {
            entries.push({ key, measurement: JSON.parse(text ?? '') as Measurement });
          } catch {
            // Gone or damaged on disk (not by this journal, which writes whole files): counted with the dropped.
            unreadable.push(sequence);
          }
        }
        if (unreadable.length > 0) {
          for (const sequence of unreadable) sequences.splice(sequences.indexOf(sequence), 1);
          dropped += unreadable.length;
          await writeFileDurably(join(directory, 'counters.json'), JSON.stringify({ dropped }));
          await Promise.all(unreadable.map((sequence) => rm(join(directory, keyOf(sequence)), { force: true })));
        }
        return entries;
      }),
    remove: (keys) =>
      serially(async () => {
        const removed = new Set(keys.map((key) => Number(RESULT.exec(key)?.[1])));
        await Promise.all(keys.map((key) => rm(join(directory, key), { force: true })));
        for (let at = sequences.length - 1; at >= 0; at--) if (removed.has(sequences[at]!)) sequences.splice(at, 1);
        await syncDirectory(directory);
      }),
    get size() {
      return sequences.length;
    },
    get dropped() {
      return dropped;
    },
  };
}
