import { randomBytes } from 'node:crypto';

/** The size of each piece a transfer writes: large writes keep the CPU per byte low on both ends. */
export const transferChunkBytes = 1024 * 1024;

// Random bytes, drawn once per thread at its first transfer: a link or proxy that compresses cannot make a transfer
// look faster. The pool repeats every 8 MiB, farther than any compressor's window a transfer would meet.
let pool: Buffer | undefined;
let nextOffset = 0;

/** The next piece of incompressible bytes, `size` bytes long (at most `transferChunkBytes`). */
export function incompressibleChunk(size = transferChunkBytes): Buffer {
  pool ??= randomBytes(8 * transferChunkBytes);
  const length = Math.min(size, transferChunkBytes);
  if (nextOffset + length > pool.length) nextOffset = 0;
  const chunk = pool.subarray(nextOffset, nextOffset + length);
  nextOffset += length;
  return chunk;
}
