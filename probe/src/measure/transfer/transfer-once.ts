import type { ClientRequest } from 'node:http';
import { incompressibleChunk } from '../../speed-server/incompressible-bytes.ts';
import { socketDownloadOnce } from './socket-download.ts';
import { openTransferRequest, type TransferRequestOptions } from './transfer-request.ts';

/**
 * One download: a GET read to its end (or cut by `signal`), every byte counted; straight from the socket for http,
 * through the HTTP client for https. Settles with the remote address.
 */
export function downloadOnce(url: URL, options: TransferRequestOptions): Promise<string | undefined> {
  if (url.protocol === 'http:') return socketDownloadOnce(url, options);
  const opened = openTransferRequest(url, 'GET', options);
  opened.request.end();
  return opened.finished;
}

const drainedOrClosed = (request: ClientRequest) =>
  new Promise<void>((resolve) => {
    const done = () => {
      request.off('drain', done);
      request.off('close', done);
      resolve();
    };
    request.on('drain', done);
    request.on('close', done);
  });

/**
 * One upload: a chunked POST of incompressible bytes, written as fast as the connection takes them, until `signal`
 * cuts it or the server answers (its cap on one upload reached). A byte counts once handed to the kernel.
 */
export async function uploadOnce(url: URL, options: TransferRequestOptions): Promise<string | undefined> {
  const opened = openTransferRequest(url, 'POST', options);
  const { request } = opened;
  let answered = false;
  const finished = opened.finished.finally(() => {
    answered = true;
  });
  finished.catch(() => undefined);
  while (!answered && !request.destroyed) {
    const chunk = incompressibleChunk();
    const flushed = request.write(chunk, (error) => {
      if (error) return;
      options.moved(chunk.length);
      opened.progress();
    });
    if (!flushed) await drainedOrClosed(request);
  }
  if (!request.destroyed) request.destroy();
  return finished;
}
