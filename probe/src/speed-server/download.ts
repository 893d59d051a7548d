import type { ServerResponse } from 'node:http';
import { incompressibleChunk, transferChunkBytes } from './incompressible-bytes.ts';

/**
 * Streams `bytes` incompressible bytes, as fast as the client reads them (each write waits for the socket to drain);
 * stops when the client goes away. `bytes` undefined: chunked until `cap` bytes.
 */
export function streamDownload(response: ServerResponse, bytes: number | undefined, cap: number) {
  let remaining = Math.min(bytes ?? cap, cap);
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'cache-control': 'no-store',
    ...(bytes === undefined ? {} : { 'content-length': String(remaining) }),
  });
  const writeMore = () => {
    while (remaining > 0 && !response.destroyed) {
      const chunk = incompressibleChunk(Math.min(remaining, transferChunkBytes));
      remaining -= chunk.length;
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
