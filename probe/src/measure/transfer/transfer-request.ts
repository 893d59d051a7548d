import { type Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { codedError } from '../failure-of-error.ts';
import { stallGuard } from './stall-guard.ts';

export interface TransferRequestOptions {
  agent: Agent;
  /** Ends the transfer (the test's end or the run's abort): the request is cut, which is not a failure. */
  signal: AbortSignal;
  connectTimeoutMs: number;
  /** The longest the transfer may go without moving a byte. */
  transferTimeoutMs: number;
  /** Called with every byte count moved: received for a download, handed to the kernel for an upload. */
  moved: (bytes: number) => void;
}

export interface OpenedRequest {
  request: ClientRequest;
  progress: () => void;
  /** Settles with the request: its connection's remote address, or the error that failed it. */
  finished: Promise<string | undefined>;
  settle: (error?: Error) => void;
}

/**
 * A request of a throughput test: its connection must be made (TCP, and TLS for https) within `connectTimeoutMs`; once
 * asked, it fails when no byte moves for `transferTimeoutMs` or the server answers 400 or more (413 aside: the
 * server's cap on one upload, after which the next request goes on).
 */
export function openTransferRequest(url: URL, method: 'GET' | 'POST', options: TransferRequestOptions): OpenedRequest {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const request = send(url, {
    method,
    agent: options.agent,
    signal: options.signal,
    headers:
      method === 'GET'
        ? { 'accept-encoding': 'identity', 'cache-control': 'no-store' }
        : { 'content-type': 'application/octet-stream' },
  });
  let address: string | undefined;
  let settled = false;
  let resolveFinished: (address: string | undefined) => void = () => undefined;
  let rejectFinished: (error: Error) => void = () => undefined;
  const finished = new Promise<string | undefined>((resolve, reject) => {
    resolveFinished = resolve;
    rejectFinished = reject;
  });
  const guard = stallGuard(options.transferTimeoutMs, (error) => request.destroy(error));
  let connectTimer: NodeJS.Timeout | undefined;
  const settle = (error?: Error) => {
    if (settled) return;
    settled = true;
    guard.stop();
    clearTimeout(connectTimer);
    if (error) rejectFinished(error);
    else resolveFinished(address);
  };

  request.once('socket', (socket: Socket) => {
    address = socket.remoteAddress;
    if (!socket.connecting) return;
    connectTimer = setTimeout(
      () => request.destroy(codedError('ETIMEDOUT', `no connection within ${options.connectTimeoutMs} ms`)),
      options.connectTimeoutMs,
    );
    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      address = socket.remoteAddress;
      guard.progress();
    });
  });
  request.once('response', (response: IncomingMessage) => {
    const status = response.statusCode ?? 0;
    if (status >= 400 && status !== 413) {
      settle(codedError('ERR_HTTP_STATUS', `HTTP ${status} from ${url.host}`));
      return request.destroy();
    }
    response.on('data', (chunk: Buffer) => {
      guard.progress();
      if (method === 'GET') options.moved(chunk.length);
    });
    response.once('end', () => settle());
    response.once('error', (error) => settle(error));
  });
  request.once('error', (error) => settle(error));
  request.once('close', () => settle(options.signal.aborted ? undefined : codedError('ECONNRESET', 'closed early')));
  return { request, progress: guard.progress, finished, settle };
}
