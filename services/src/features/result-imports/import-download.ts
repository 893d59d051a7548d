import type { IncomingMessage } from 'node:http';
import { DomainError, MAX_IMPORT_BYTES } from '@nq/contracts';
import { type AddressPolicy, RefusedAddress } from '@nq/platform/http/address-policy';
import { pinnedRequest } from '@nq/platform/http/pinned-request';
import { tooLarge } from './import-file.ts';

/** How long a download may take, from the first request to the last byte. */
export const DOWNLOAD_TIMEOUT_MS = 60_000;
/** Redirects followed at most. */
export const MAX_REDIRECTS = 5;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

const notAllowed = (url: string, reason: string) =>
  new DomainError('resultImports.urlNotAllowed', { params: { url, reason } });
const downloadFailed = (url: string, reason: string, cause?: unknown) =>
  new DomainError('resultImports.downloadFailed', { params: { url, reason }, cause });

/** The address as a URL when it is http or https with a host, else refused with its scheme. */
function httpUrlOf(text: string): URL {
  if (!URL.canParse(text)) throw notAllowed(text, 'not a URL');
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notAllowed(text, url.protocol);
  if (url.hostname === '') throw notAllowed(text, 'no host');
  return url;
}

/** The body, read no further than the bound whatever the server says its length is. */
async function bodyOf(response: IncomingMessage): Promise<Buffer> {
  if (Number(response.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMPORT_BYTES) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The file at an http or https address, within `DOWNLOAD_TIMEOUT_MS` and the size bound. Every address connected to,
 * the first and each redirect's (at most `MAX_REDIRECTS`), is one the policy allows
 * (docs/features/result-imports.md#url-safety): refused otherwise with `resultImports.urlNotAllowed`.
 */
export async function downloadImportFile(
  address: string,
  options: { policy: AddressPolicy; signal?: AbortSignal | undefined },
): Promise<Buffer> {
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = httpUrlOf(address);
  const failed = (error: unknown): never => {
    if (options.signal?.aborted || error instanceof DomainError) throw error;
    if (error instanceof RefusedAddress) throw notAllowed(url.href, error.reason);
    if (timeout.aborted) throw downloadFailed(address, `no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`, error);
    const { code, message } = error as NodeJS.ErrnoException;
    throw downloadFailed(address, code ?? message, error);
  };
  for (let redirects = 0; ; redirects++) {
    const response = await pinnedRequest(url, { policy: options.policy, signal }).catch(failed);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (redirectStatuses.has(status) && location) {
      response.destroy();
      if (redirects === MAX_REDIRECTS) throw downloadFailed(address, `more than ${MAX_REDIRECTS} redirects`);
      if (!URL.canParse(location, url)) throw downloadFailed(address, `HTTP ${status} to ${location}`);
      url = httpUrlOf(new URL(location, url).href);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw downloadFailed(address, `HTTP ${status}`);
    }
    return bodyOf(response).catch(failed);
  }
}
