import { percentile } from '../round-trip-kpis.ts';
import { tcpConnectTime } from '../tcp-connect.ts';

const handshakes = 3;

/**
 * The latency of an idle link, taken before a throughput test loads it: the median of three TCP handshakes with the
 * server (a round trip each, without DNS, TLS or the server's work). The first failure fails it.
 */
export async function idleLatencyMs(
  address: string,
  port: number,
  connectTimeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < handshakes && !signal.aborted; index++)
    times.push(await tcpConnectTime(address, port, connectTimeoutMs, signal));
  return percentile(times, 50);
}
