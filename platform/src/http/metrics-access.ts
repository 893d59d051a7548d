import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read the metrics (they name routes, queues and volumes), on the API port or METRICS_PORT alike: a scraper
 * sending the configured bearer token; without one configured, a caller on this host only — its own socket, not a
 * request a local proxy forwards.
 */
export function mayReadMetrics(
  request: { headers: IncomingHttpHeaders; socket: { remoteAddress?: string | undefined } },
  token: string | undefined,
) {
  if (token) {
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback.has(request.socket.remoteAddress ?? '') && !forwarded;
}
