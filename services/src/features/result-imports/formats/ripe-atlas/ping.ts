import { z } from 'zod';
import { failureOf } from '../failure-reason.ts';
import { invalidField, parsed, type RowOutcome, rounded } from '../result-format.ts';
import type { RipeAtlasReading } from './ripe-atlas-result.ts';

/** One packet: its round trip (ms), `x: "*"` when none came back, or the error sending it. */
const packetSchema = z.looseObject({
  rtt: z.number().nonnegative().optional(),
  dup: z.number().optional(),
  error: z.string().optional(),
});

const pingSchema = z.looseObject({
  sent: z.number().int().nonnegative(),
  rcvd: z.number().int().nonnegative(),
  /** -1 when no packet came back. */
  avg: z.number(),
  result: z.array(packetSchema).default([]),
});

/** The mean difference between consecutive round trips: how much they vary. */
function jitterOf(rtts: number[]) {
  if (rtts.length < 2) return undefined;
  const steps = rtts.slice(1).map((rtt, index) => Math.abs(rtt - rtts[index]!));
  return rounded(steps.reduce((sum, step) => sum + step, 0) / steps.length);
}

/**
 * A ping: its average round trip as latency, the share of packets lost, the jitter of its answered packets' round
 * trips (duplicates left out). Every packet lost counts as 100 % loss, a measurement like any other; packets that
 * could not even be sent make it an error.
 */
export function readPing(reading: RipeAtlasReading, document: unknown): RowOutcome {
  const ping = parsed(pingSchema, document);
  if ('refusal' in ping) return ping;
  const { sent, rcvd, avg, result } = ping.data;
  if (rcvd > sent) return { refusal: invalidField('rcvd') };
  const details = { sent, received: rcvd };
  const errors = result.flatMap((packet) => (packet.error ? [packet.error] : []));
  if (sent === 0 || (rcvd === 0 && errors.length > 0)) {
    const failure = failureOf(errors[0] ?? 'no packet was sent');
    return { measurements: [reading.measurement({ testType: 'icmp-ping', status: 'Error', failure, details })] };
  }
  const rtts = result.flatMap((packet) => (packet.rtt !== undefined && !packet.dup ? [packet.rtt] : []));
  const jitter = jitterOf(rtts);
  const kpis = {
    ...(rcvd > 0 && avg >= 0 ? { latency: avg } : {}),
    loss: rounded(((sent - rcvd) / sent) * 100),
    ...(jitter !== undefined ? { jitter } : {}),
  };
  return { measurements: [reading.measurement({ testType: 'icmp-ping', status: 'Finished', kpis, details })] };
}
