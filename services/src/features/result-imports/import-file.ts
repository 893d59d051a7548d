import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { DomainError, MAX_IMPORT_BYTES, maxImportMegabytes } from '@nq/contracts';

export const tooLarge = () => new DomainError('resultImports.tooLarge', { params: { limit: maxImportMegabytes } });
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** The text of a file as imported: decompressed when gzip (as RIPE Atlas serves results), at most the bound. */
export function textOf(bytes: Buffer): string {
  if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
  if (!isGzip(bytes)) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_IMPORT_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw new DomainError('resultImports.notJson', { cause: error });
  }
}

/** A file on this machine (`nq import`), refused before it is read when it is larger than the bound. */
export async function readImportFile(path: string): Promise<Buffer> {
  if ((await stat(path)).size > MAX_IMPORT_BYTES) throw tooLarge();
  return readFile(path);
}
