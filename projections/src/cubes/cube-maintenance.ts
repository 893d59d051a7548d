import {
  type CubeDefinition,
  type CubeInput,
  contributionsOf,
  mergeMeasures,
  type RowMeasures,
  rowOfStored,
  storedRowOf,
  unappliedPart,
} from './cube-rows.ts';
import type { CubeStore, RowWrite } from './cube-store.ts';

/** Attempts at a row another writer keeps changing before the batch fails (and is delivered again). */
const maxAttempts = 20;

const emptyLike = (measures: RowMeasures): RowMeasures => ({
  ...measures,
  count: 0,
  sum: 0,
  bins: new Map(),
  probes: new Set(),
});

/**
 * Each raw offset once: a batch can hold a measurement twice, passed on by ingest and passed on again when its raw
 * batch was delivered again (a rebalance, a crash before the commit), both after the offset a row has counted.
 */
function onceEach(inputs: CubeInput[]): CubeInput[] {
  const seen = new Set<string>();
  return inputs.filter(({ source }) => {
    if (!source) return true;
    const key = `${source.partition}/${source.offset}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds measurements to a cube's rows (idempotent per batch). Each row is read, merged and written back
 * conditionally on the version read; values from raw offsets the row has already counted are left out, so a batch
 * delivered again after a crash counts once, and a row changed meanwhile (another partition's writer, a rebuild) is
 * read again. Answers how many rows were written.
 */
export async function applyToCube(store: CubeStore, cube: CubeDefinition, inputs: CubeInput[]): Promise<number> {
  let pending = contributionsOf(cube, onceEach(inputs));
  let written = 0;
  for (let attempt = 1; pending.size > 0; attempt++) {
    if (attempt > maxAttempts) throw new Error(`cube ${cube.name}: rows kept changing under this batch`);
    const stored = await store.get([...pending.keys()]);
    const writes: RowWrite[] = [];
    for (const [id, contribution] of pending) {
      const current = stored.get(id);
      const part = unappliedPart(contribution, current?.row.appliedOffset);
      if (!part) continue;
      const row = current
        ? rowOfStored(current.row)
        : { ...contribution, ...emptyLike(contribution), appliedOffset: -1 };
      mergeMeasures(row, part);
      row.appliedOffset = Math.max(row.appliedOffset, contribution.highestOffset);
      writes.push({ row: storedRowOf({ ...row, id }), ...(current ? { version: current.version } : {}) });
    }
    const { conflicts } = await store.put(writes);
    written += writes.length - conflicts.length;
    pending = new Map(conflicts.map((id) => [id, pending.get(id)!]));
  }
  return written;
}
