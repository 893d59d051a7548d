import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

// A new PGlite database runs initdb, about 4 s of CPU on a busy 2-core machine; loading the files of a cluster that
// initdb already made takes a tenth of that. In-memory databases (tests, `nq openapi`, throwaway runs) therefore
// start from a copy of a pristine cluster, kept once per PGlite version in the workspace's own cache folder (not the
// shared temporary folder, where another user could leave a cluster of theirs) and in this process.
const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
const cacheDir = resolve(import.meta.dirname, '../../../node_modules/.cache/nq-pglite');
/** Where the pristine cluster is kept for this PGlite version. */
export const pristineClusterFile = join(cacheDir, `cluster-${version}.tar`);

/**
 * The kept cluster's bytes as PGlite reads a data folder (it only asks for the bytes). Node's Blob hands a 40 MB blob
 * over in 64 kB chunks concatenated again, a third of a second of CPU per database; this copies it in one go.
 */
class ClusterCopy extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override arrayBuffer() {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let inProcess: Uint8Array | undefined;

/** A copy of the pristine cluster, if a process already kept one. */
export function pristineCluster(): Blob | undefined {
  if (!inProcess) {
    try {
      inProcess = new Uint8Array(readFileSync(pristineClusterFile));
    } catch {
      return undefined;
    }
  }
  return new ClusterCopy(inProcess);
}

/** Keeps the cluster of a database initdb just made, before anything was written to it, for the next ones. */
export async function keepPristineCluster(db: PGlite) {
  const dump = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  inProcess = dump;
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written aside then renamed: test workers starting together never read a half-written file.
    const partial = `${pristineClusterFile}.${randomUUID()}`;
    writeFileSync(partial, dump);
    renameSync(partial, pristineClusterFile);
  } catch {
    // A read-only checkout only loses the shortcut.
  }
}

/** Forgets the kept cluster (a copy that would not load, say). */
export function forgetPristineCluster() {
  inProcess = undefined;
  try {
    rmSync(pristineClusterFile, { force: true });
  } catch {
    // A read-only checkout keeps it; this process no longer uses it.
  }
}
