import { connect } from 'node:net';
import { codedError } from '../failure-of-error.ts';
import { stallGuard } from './stall-guard.ts';
import type { TransferRequestOptions } from './transfer-request.ts';

/** Each read of the body lands in this one buffer, reused: no allocation, no stream per read. */
const readBufferBytes = 1024 * 1024;
const maxHeaderBytes = 64 * 1024;
const headerEnd = Buffer.from('\r\n\r\n');
const lastChunk = Buffer.from('\r\n0\r\n\r\n');

/**
 * One HTTP/1.1 download over a plain TCP connection, read straight from the socket into a reused buffer: Node's HTTP
 * client costs several times the CPU per byte (its parser and a stream chunk per read), which a link of a few Gbit/s
 * would measure instead of itself. The request asks the server to close the connection after the body, which ends at
 * that close, at its Content-Length, or at its last chunk; a chunked body's framing (a few bytes per chunk) counts
 * as moved. For plain http: URLs (https goes through the HTTP client). Settles with the remote address.
 */
export function socketDownloadOnce(url: URL, options: TransferRequestOptions): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const readBuffer = Buffer.allocUnsafe(readBufferBytes);
    let header: Buffer | undefined = Buffer.alloc(0);
    let bodyLeft = Number.POSITIVE_INFINITY;
    let chunked = false;
    let tail = Buffer.alloc(0);
    let settled = false;

    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      guard.stop();
      clearTimeout(connectTimer);
      const address = socket.remoteAddress;
      socket.destroy();
      if (error) reject(error);
      else resolve(address);
    };
    const guard = stallGuard(options.transferTimeoutMs, (error) => settle(error));

    /** The body's bytes of one read: counted, and whether they end it. */
    const body = (bytes: Buffer) => {
      const counted = Math.min(bytes.length, bodyLeft);
      options.moved(counted);
      bodyLeft -= counted;
      if (chunked)
        tail = Buffer.concat([tail, bytes.subarray(Math.max(0, bytes.length - lastChunk.length))]).subarray(
          -lastChunk.length,
        );
      if (bodyLeft === 0 || (chunked && tail.equals(lastChunk))) settle();
    };

    /** The answer's header, once whole: refuses an error status, notes how the body ends, then counts what follows. */
    const headerRead = (bytes: Buffer) => {
      header = Buffer.concat([header!, bytes]);
      const end = header.indexOf(headerEnd);
      if (end < 0) {
        if (header.length > maxHeaderBytes)
          settle(codedError('HPE_HEADER_OVERFLOW', 'the answer’s header is too long'));
        return;
      }
      const text = header.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      if (status === 0) return settle(codedError('HPE_INVALID_CONSTANT', 'the answer is not HTTP/1.1'));
      if (status >= 400 && status !== 413)
        return settle(codedError('ERR_HTTP_STATUS', `HTTP ${status} from ${url.host}`));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (length) bodyLeft = Number(length[1]);
      chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(text);
      const rest = header.subarray(end + headerEnd.length);
      header = undefined;
      body(Buffer.from(rest));
    };

    const socket = connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      signal: options.signal,
      onread: {
        buffer: readBuffer,
        callback: (bytesRead: number, buffer: Uint8Array) => {
          guard.progress();
          const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, bytesRead);
          if (header) headerRead(bytes);
          else body(bytes);
          return true;
        },
      },
    });
    const connectTimer = setTimeout(
      () => settle(codedError('ETIMEDOUT', `no connection within ${options.connectTimeoutMs} ms`)),
      options.connectTimeoutMs,
    );
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      guard.progress();
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: nq-probe\r\n` +
          'Accept-Encoding: identity\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n',
      );
    });
    socket.once('error', (error) => settle(error));
    // The server closed: the end of a body that had no length, or a connection lost before the length was read.
    socket.once('end', () =>
      settle(
        header || (bodyLeft !== Number.POSITIVE_INFINITY && bodyLeft > 0) || chunked
          ? codedError('ECONNRESET', 'the connection closed before the answer ended')
          : undefined,
      ),
    );
    socket.once('close', () => settle(options.signal.aborted ? options.signal.reason : undefined));
  });
}
