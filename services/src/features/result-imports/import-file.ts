import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { DomainError } from '@nq/contracts';
import { isHttpUrl, MAX_IMPORT_BYTES, maxImportMegabytes } from './import-request.ts';

/** How long a download may take, from the request to its last byte. */
export const DOWNLOAD_TIMEOUT_MS = 60_000;

const tooLarge = () => new DomainError('resultImports.tooLarge', { params: { limit: maxImportMegabytes } });
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

const downloadFailed = (url: string, reason: string, cause?: unknown) =>
  new DomainError('resultImports.downloadFailed', { params: { url, reason }, cause });

/**
 * The file at an http or https address, within `DOWNLOAD_TIMEOUT_MS` and the size bound (read no further than it,
 * whatever the server says its length is).
 */
export async function downloadImportFile(url: string, signal?: AbortSignal): Promise<Buffer> {
  if (!isHttpUrl(url)) throw new DomainError('resultImports.urlNotAllowed');
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const aborted = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const failed = (error: unknown): never => {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw downloadFailed(url, `no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`, error);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw downloadFailed(url, cause?.code ?? cause?.message ?? (error as Error).message, error);
  };
  const response = await fetch(url, { signal: aborted, redirect: 'follow' }).catch(failed);
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw downloadFailed(url, `HTTP ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > MAX_IMPORT_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    failed(error);
  }
  return Buffer.concat(chunks);
}
