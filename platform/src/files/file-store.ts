import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Where jobs keep the files they produce (CSV, PDF): `FILES_DIR`, a local folder embedded and a shared volume in
 * Kubernetes. A file is written under a temporary name and appears under its own name only when `commit` renames it,
 * so a reader never sees half a file, whatever happens to the writer.
 */
export interface FileStore {
  /** A stream to a temporary name; nothing is visible under `name` before `commit`. */
  write(name: string): FileWrite;
  /** The committed file, or undefined. */
  size(name: string): Promise<number | undefined>;
  /** The names of every committed file (never one still being written), sorted. */
  list(): Promise<string[]>;
  open(name: string): ReadStream;
  delete(name: string): Promise<void>;
  /** Removes temporary files older than `olderThanMs` (left by writers that died mid-write). */
  sweepTemporary(olderThanMs: number): Promise<number>;
}

export interface FileWrite {
  stream: Writable;
  /** Ends the stream and renames the temporary file to its name atomically; resolves to its size. */
  commit(): Promise<{ size: number }>;
  /** Discards the temporary file. */
  abort(): Promise<void>;
}

const TEMPORARY = '.partial-';
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export class InvalidFileName extends Error {
  constructor(name: string) {
    super(`file name '${name}' must be letters, digits, '.', '_' or '-'`);
  }
}

function checked(name: string) {
  if (!namePattern.test(name) || name.includes('..')) throw new InvalidFileName(name);
  return name;
}

export async function openLocalFileStore(dir: string): Promise<FileStore> {
  await mkdir(dir, { recursive: true });
  const pathOf = (name: string) => join(dir, checked(name));
  return {
    write(name) {
      const target = pathOf(name);
      const temporary = join(dir, `${TEMPORARY}${randomUUID()}-${name}`);
      const stream = createWriteStream(temporary, { flags: 'wx' });
      const closed = finished(stream);
      closed.catch(() => undefined);
      let settled = false;
      return {
        stream,
        async commit() {
          if (settled) throw new Error(`file '${name}' already committed or aborted`);
          settled = true;
          if (!stream.writableEnded) stream.end();
          await closed;
          await rename(temporary, target);
          return { size: (await stat(target)).size };
        },
        async abort() {
          if (settled) return;
          settled = true;
          stream.destroy();
          await closed.catch(() => undefined);
          await rm(temporary, { force: true });
        },
      };
    },
    async size(name) {
      try {
        return (await stat(pathOf(name))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith(TEMPORARY) && namePattern.test(entry.name))
        .map((entry) => entry.name)
        .sort();
    },
    open: (name) => createReadStream(pathOf(name)),
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async sweepTemporary(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of await readdir(dir)) {
        if (!entry.startsWith(TEMPORARY)) continue;
        const path = join(dir, entry);
        const info = await stat(path).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
