import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { codedError } from './failure-of-error.ts';

/** The address a host name resolves to (the system's resolver, as connections use it); an IP address as it is. */
export async function addressOf(host: string): Promise<{ address: string; family: number }> {
  return lookup(host);
}

/**
 * The time a TCP handshake with `address:port` takes (ms): one round trip, without DNS or the server's work. The
 * connection is closed at once. Fails with the socket's error, or ETIMEDOUT after `timeoutMs`, or the abort.
 */
export function tcpConnectTime(address: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<number> {
  return new Promise((connected, failed) => {
    const started = performance.now();
    const socket = connect({ host: address, port, signal });
    const timer = setTimeout(
      () => socket.destroy(codedError('ETIMEDOUT', `no TCP connection to port ${port} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('connect', () => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      socket.destroy();
      connected(ms);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      failed(error);
    });
  });
}
