import { z } from 'zod';
import { failureOf } from '../failure-reason.ts';
import { clipped, parsed, type RowOutcome } from '../result-format.ts';
import type { RipeAtlasReading } from './ripe-atlas-result.ts';

/** One packet of a hop: who answered and its round trip, or `x: "*"` when nothing did. */
const replySchema = z.looseObject({
  from: z.string().optional(),
  rtt: z.number().nonnegative().optional(),
});
const hopSchema = z.looseObject({
  hop: z.number().int().min(1).max(255),
  error: z.string().optional(),
  result: z.array(replySchema).default([]),
});
const tracerouteSchema = z.looseObject({ result: z.array(hopSchema).min(1) });

/** What the contract keeps of a traceroute: its first 64 hops, 16 round trips each. */
const MAX_HOPS = 64;
const MAX_RTTS = 16;

/**
 * A traceroute: its hops in order (the first address that answered each, none when only `*` came back, and their
 * round trips), and as KPI the hop that reached the destination — the last hop when none did.
 */
export function readTraceroute(reading: RipeAtlasReading, document: unknown): RowOutcome {
  const traceroute = parsed(tracerouteSchema, document);
  if ('refusal' in traceroute) return traceroute;
  const { result: path } = traceroute.data;
  const hops = path.slice(0, MAX_HOPS).map(({ hop, result: replies }) => {
    const address = replies.find((reply) => reply.from)?.from;
    const rtts = replies.flatMap((reply) => (reply.rtt !== undefined ? [reply.rtt] : [])).slice(0, MAX_RTTS);
    return { hop, ...(address ? { address: clipped(address, 64) } : {}), rtts };
  });
  const failed = path[0]!.error;
  if (failed) {
    const failure = failureOf(failed);
    return { measurements: [reading.measurement({ testType: 'traceroute', status: 'Error', failure })] };
  }
  const target = reading.result.dst_addr;
  const reached = path.find((hop) => target && hop.result.some((reply) => reply.from === target));
  const kpis = { hops: (reached ?? path.at(-1)!).hop };
  return {
    measurements: [reading.measurement({ testType: 'traceroute', status: 'Finished', kpis, details: { hops } })],
  };
}
