import type { IncomingMessage, ServerResponse } from 'node:http';
import { paceDelayMs } from './speed-server-limits.ts';

/**
 * Reads an upload and discards it, then answers `{ bytes }`: the bytes received. Past `cap` bytes it stops reading,
 * answers 413 with what it received and closes the connection. At most `mbps` when given.
 */
export function receiveUpload(request: IncomingMessage, response: ServerResponse, cap: number, mbps = 0) {
  let bytes = 0;
  const startedAt = performance.now();
  const answer = (status: number, body: Record<string, unknown>) => {
    if (response.headersSent) return;
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  request.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= cap) {
      // Paced: reading stops until the schedule catches up, and TCP's window slows the sender down to the rate.
      const wait = paceDelayMs(mbps, bytes, startedAt);
      if (wait > 0) {
        request.pause();
        setTimeout(() => request.resume(), wait);
      }
      return;
    }
    request.pause();
    response.shouldKeepAlive = false;
    answer(413, { bytes, error: `an upload is at most ${cap} bytes` });
    response.once('finish', () => request.destroy());
  });
  request.on('end', () => answer(200, { bytes }));
  request.on('error', () => undefined);
}
