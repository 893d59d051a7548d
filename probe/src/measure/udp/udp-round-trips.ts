import { createSocket } from 'node:dgram';
import { readReflectedPacket, senderPacket, wallClockMs } from '../../speed-server/twamp-packet.ts';
import { waitUntil } from '../paced.ts';
import { addressOf } from '../tcp-connect.ts';

export interface UdpStreamPlan {
  host: string;
  port: number;
  /** Each datagram's size (raised to the 14 bytes of a TWAMP sender's header). */
  packetSize: number;
  intervalMs: number;
  /** How many datagrams: a count, or as many as fit in a duration. */
  packets: { count: number } | { durationMs: number };
  /** How long an answer is awaited once the last datagram is sent. */
  replyWaitMs: number;
  /** Sending stops after this long even if packets remain. */
  sendForAtMostMs: number;
  /** Sending and waiting end after this long: what has not come back by then is lost. */
  exchangeForAtMostMs: number;
}

export interface UdpStreamOutcome {
  address: string;
  sent: number;
  /** RTTs (ms) less the reflector's hold time, in the order the packets were sent; lost ones left out. */
  rtts: number[];
  /** The first socket error (an ICMP port unreachable arrives as ECONNREFUSED on a connected socket). */
  error?: Error;
}

/**
 * A stream of TWAMP-light test packets to a reflector and the round trip of each: sent `intervalMs` apart, start to
 * start, each stamped with its sequence number; an answer is matched by the sender sequence number it echoes, and
 * the reflector's hold time (its send minus its receive timestamp) is taken off. The socket is connected, so only
 * the reflector's datagrams are read. Throws when the host does not resolve.
 */
export async function udpRoundTrips(plan: UdpStreamPlan, signal: AbortSignal): Promise<UdpStreamOutcome> {
  const { address, family } = await addressOf(plan.host);
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  const sentAt: number[] = [];
  const rttOf = new Map<number, number>();
  let error: Error | undefined;
  let lastSent = 0;
  let sending = true;
  let allAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });

  socket.on('message', (datagram) => {
    const receivedAt = performance.now();
    const reflected = readReflectedPacket(datagram);
    const sentTime = reflected && sentAt[reflected.senderSequence];
    if (!reflected || sentTime === undefined || rttOf.has(reflected.senderSequence)) return;
    // An answer later than the wait is a lost packet, whether or not others are still awaited.
    if (receivedAt - sentTime > plan.replyWaitMs) return;
    rttOf.set(reflected.senderSequence, Math.max(0, receivedAt - sentTime - reflected.holdMs));
    if (!sending && rttOf.size === sentAt.length) allAnswered();
  });
  socket.on('error', (socketError) => {
    error ??= socketError;
  });

  try {
    await new Promise<void>((connected, failed) => {
      socket.once('error', failed);
      socket.connect(plan.port, address, () => {
        socket.off('error', failed);
        connected();
      });
    });
    const started = performance.now();
    const exchangeEnds = started + plan.exchangeForAtMostMs;
    const packetLimit =
      'count' in plan.packets ? plan.packets.count : Math.max(1, Math.floor(plan.packets.durationMs / plan.intervalMs));
    for (let sequence = 0; sequence < packetLimit; sequence++) {
      if (!(await waitUntil(started + sequence * plan.intervalMs, signal))) break;
      if (performance.now() - started >= Math.min(plan.sendForAtMostMs, plan.exchangeForAtMostMs)) break;
      sentAt[sequence] = performance.now();
      lastSent = sentAt[sequence]!;
      socket.send(senderPacket(sequence, wallClockMs(), plan.packetSize), (sendError) => {
        if (sendError) error ??= sendError;
      });
    }
    sending = false;
    if (rttOf.size < sentAt.length && !signal.aborted) {
      const waitOver = new AbortController();
      await Promise.race([
        answered.then(() => waitOver.abort()),
        waitUntil(Math.min(lastSent + plan.replyWaitMs, exchangeEnds), AbortSignal.any([signal, waitOver.signal])),
      ]);
      waitOver.abort();
    }
  } finally {
    sending = false;
    allAnswered();
    socket.close();
  }
  const rtts = sentAt.flatMap((_, sequence) => {
    const rtt = rttOf.get(sequence);
    return rtt === undefined ? [] : [rtt];
  });
  return { address, sent: sentAt.length, rtts, ...(error ? { error } : {}) };
}
