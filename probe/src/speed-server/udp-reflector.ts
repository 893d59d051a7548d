import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { reflectorPacket, senderHeaderBytes, wallClockMs } from './twamp-packet.ts';

export interface UdpReflector {
  port: number;
  close(): Promise<void>;
}

/**
 * A TWAMP-light reflector: every datagram at least as long as a sender's header is answered, to where it came from,
 * with the reflector's receive and send timestamps and its own sequence number. An answer is never longer than the
 * request or the reflector's 41-byte header, whichever is longer, and at most `maxPacketsPerSecond` are sent (a token
 * bucket of one second's worth), so a forged sender address cannot turn it into much of an amplifier.
 */
export async function startUdpReflector(options: {
  host: string;
  port: number;
  maxPacketsPerSecond: number;
}): Promise<UdpReflector> {
  const socket: Socket = createSocket({ type: isIPv6(options.host) ? 'udp6' : 'udp4' });
  let sequence = 0;
  let tokens = options.maxPacketsPerSecond;
  let refilledAt = performance.now();

  const mayAnswer = () => {
    const now = performance.now();
    tokens = Math.min(options.maxPacketsPerSecond, tokens + ((now - refilledAt) / 1000) * options.maxPacketsPerSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  socket.on('message', (request, sender) => {
    const receivedAt = wallClockMs();
    if (request.length < senderHeaderBytes || !mayAnswer()) return;
    const answer = reflectorPacket(request, sequence++, receivedAt, wallClockMs());
    // A sender gone away (ICMP unreachable) is its problem, not the reflector's.
    socket.send(answer, sender.port, sender.address, () => undefined);
  });
  socket.on('error', () => undefined);

  await new Promise<void>((bound, failed) => {
    socket.once('error', failed);
    socket.bind(options.port, options.host, () => {
      socket.off('error', failed);
      bound();
    });
  });
  return {
    port: socket.address().port,
    close: () => new Promise<void>((closed) => socket.close(() => closed())),
  };
}
