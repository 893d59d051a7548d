import type { ServerResponse } from 'node:http';
import { incompressibleChunk, transferChunkBytes } from './incompressible-bytes.ts';
import { paceDelayMs } from './speed-server-limits.ts';

/**
 * Streams `bytes` incompressible bytes, as fast as the client reads them (each write waits for the socket to drain);
 * stops when the client goes away. `bytes` undefined: chunked until `cap` bytes. At most `mbps` when given.
 */
export function streamDownload(response: ServerResponse, bytes: number | undefined, cap: number, mbps = 0) {
  let remaining = Math.min(bytes ?? cap, cap);
  let sent = 0;
  const startedAt = performance.now();
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'cache-control': 'no-store',
    ...(bytes === undefined ? {} : { 'content-length': String(remaining) }),
  });
  const writeMore = () => {
    while (remaining > 0 && !response.destroyed) {
      // Paced, in chunks of 20 ms at the rate, each written once the rate allows its last byte.
      const size = Math.min(remaining, mbps > 0 ? Math.max(1_024, Math.round(mbps * 2_500)) : transferChunkBytes);
      const wait = paceDelayMs(mbps, sent + size, startedAt);
      if (wait > 0) return void setTimeout(writeMore, wait);
      const chunk = incompressibleChunk(Math.min(size, transferChunkBytes));
      remaining -= chunk.length;
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', writeMore);
    }
    if (!response.destroyed) response.end();
  };
  response.once('close', () => {
    remaining = 0;
    response.off('drain', writeMore);
  });
  writeMore();
}
