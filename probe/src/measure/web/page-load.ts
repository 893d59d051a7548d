import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { codedError } from '../failure-of-error.ts';

/** Instants of an HTTP exchange, ms from the start of the page load. */
export interface PageTimings {
  /** The name resolved (absent for an address). */
  dns?: number;
  connect?: number;
  /** The TLS handshake done (https). */
  tls?: number;
  firstByte: number;
  total: number;
}

export interface PageLoad {
  /** The last answer's status (after redirects). */
  status: number;
  /** Bytes received on the wire for every answer's body (as sent: compressed if the server compressed). */
  bytes: number;
  timings: PageTimings;
  /** The address the first request connected to. */
  address?: string;
  redirects: number;
}

export interface PageLoadOptions {
  signal: AbortSignal;
  maxRedirects: number;
  /** Certificates trusted besides the system's (a test's self-signed one). */
  ca?: string | Buffer;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

interface Exchange {
  response: IncomingMessage;
  bytes: number;
  marks: Omit<PageTimings, 'total'> & { total: number };
  address?: string;
}

/** One GET, its socket's phases marked from `startedAt`, its body read and counted. */
function exchange(url: URL, startedAt: number, options: PageLoadOptions): Promise<Exchange> {
  const since = () => performance.now() - startedAt;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, failed) => {
    const marks: Partial<Exchange['marks']> = {};
    let address: string | undefined;
    const sent = request(url, {
      method: 'GET',
      agent: false,
      signal: options.signal,
      ...(options.ca ? { ca: options.ca } : {}),
      headers: { 'user-agent': 'nq-probe', accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
    });
    sent.once('socket', (socket: Socket) => {
      socket.once('lookup', () => {
        marks.dns = since();
      });
      socket.once('connect', () => {
        marks.connect = since();
        address = socket.remoteAddress;
      });
      socket.once('secureConnect', () => {
        marks.tls = since();
      });
    });
    sent.once('response', (response) => {
      marks.firstByte = since();
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.once('end', () => {
        marks.total = since();
        done({ response, bytes, marks: marks as Exchange['marks'], ...(address ? { address } : {}) });
      });
      response.once('error', failed);
    });
    sent.once('error', failed);
    sent.end();
  });
}

/**
 * Loads a page as a browser's first request does: a GET of its document (not its images, scripts or styles),
 * following up to `maxRedirects` redirects, all in the timings' total.
 */
export async function loadPage(pageUrl: string, options: PageLoadOptions): Promise<PageLoad> {
  const startedAt = performance.now();
  let url = new URL(pageUrl);
  let first: Exchange | undefined;
  let bytes = 0;
  for (let redirects = 0; ; redirects++) {
    const current = await exchange(url, startedAt, options);
    first ??= current;
    bytes += current.bytes;
    const location = current.response.headers.location;
    const status = current.response.statusCode ?? 0;
    if (!redirectStatuses.has(status) || !location) {
      const { dns, connect, tls } = first.marks;
      const timings = {
        ...(dns === undefined ? {} : { dns }),
        ...(connect === undefined ? {} : { connect }),
        ...(tls === undefined ? {} : { tls }),
        firstByte: current.marks.firstByte,
        total: current.marks.total,
      };
      return { status, bytes, timings, redirects, ...(first.address ? { address: first.address } : {}) };
    }
    if (redirects >= options.maxRedirects)
      throw codedError('ETOOMANYREDIRECTS', `more than ${options.maxRedirects} redirects (last to ${location})`);
    url = new URL(location, url);
  }
}
