import type { Measurement } from '@nq/contracts';
import { measurementFor, type VirtualProbe } from '@nq/services/simulator/fleet-model';
import { type Credentials, signedFetch } from './signed-fetch.ts';

/** Which fault phase was under way when the gateway acknowledged a measurement. */
export type PhaseOf = () => string;

/**
 * The fleet simulator's probes sending the simulator's mix of results through the gateway, the way a real probe
 * does it: a batch the gateway did not acknowledge (refused, 503, cut off, no answer) is kept and sent again, same
 * measurement ids, until it is. Every id the gateway acknowledged is recorded with the phase it was acknowledged in.
 */
export function startProbeLoad(options: {
  base: () => string;
  fleet: VirtualProbe[];
  credentials: Map<string, Credentials>;
  random: () => number;
  /** Results per second, all probes together. */
  rate: number;
  phaseOf: PhaseOf;
  /** Requests in flight at most. */
  concurrency?: number;
}) {
  const concurrency = options.concurrency ?? 16;
  const gateways = new Map(
    [...options.credentials].map(([probeId, credentials]) => [probeId, signedFetch(options.base, credentials)]),
  );
  /** Acknowledged measurement ids and the phase each was acknowledged in. */
  const accepted = new Map<string, string>();
  const stats = { sent: 0, requests: 0, unanswered: 0, refused: 0, rejectedItems: 0 };
  const pending = new Map<string, Measurement[][]>(options.fleet.map((probe) => [probe.probeId, []]));
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  const send = async (probe: VirtualProbe, items: Measurement[]) => {
    stats.requests++;
    const answer = await gateways.get(probe.probeId)!('POST', '/gateway/v1/results', { items });
    if (answer.status !== 202 || !answer.body) {
      if (answer.status === 0) stats.unanswered++;
      else stats.refused++;
      pending.get(probe.probeId)!.push(items);
      return;
    }
    const rejected = new Set((answer.body.rejected as { index: number }[]).map((rejection) => rejection.index));
    stats.rejectedItems += rejected.size;
    const phase = options.phaseOf();
    items.forEach((item, index) => {
      if (!rejected.has(index) && !accepted.has(item.measurementId)) accepted.set(item.measurementId, phase);
    });
  };
  const dispatch = async (probe: VirtualProbe, items: Measurement[]) => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const request = send(probe, items).finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const tickMs = 250;
  const loop = (async () => {
    const started = Date.now();
    let scheduled = 0;
    let cursor = 0;
    while (!stopping.signal.aborted) {
      const tickStarted = Date.now();
      const owed = Math.floor((options.rate * (tickStarted - started)) / 1_000) - scheduled;
      const batches = new Map<VirtualProbe, Measurement[]>();
      for (let i = 0; i < owed; i++) {
        const probe = options.fleet[cursor++ % options.fleet.length]!;
        const batch = batches.get(probe) ?? [];
        batch.push(measurementFor(probe, new Date(), options.random));
        batches.set(probe, batch);
      }
      scheduled += Math.max(0, owed);
      stats.sent += Math.max(0, owed);
      for (const probe of options.fleet) {
        // What was not acknowledged goes first, as a probe's queue does.
        for (const kept of pending.get(probe.probeId)!.splice(0)) await dispatch(probe, kept);
        const fresh = batches.get(probe);
        if (fresh) await dispatch(probe, fresh);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, tickMs - (Date.now() - tickStarted))));
    }
  })();

  return {
    accepted,
    stats,
    /** Stops generating, then sends what is still kept until the gateway acknowledges all of it. */
    async stop(drainTimeoutMs = 120_000) {
      stopping.abort();
      await loop;
      const deadline = Date.now() + drainTimeoutMs;
      for (;;) {
        await Promise.all(inFlight);
        const left = options.fleet.filter((probe) => pending.get(probe.probeId)!.length > 0);
        if (left.length === 0) return;
        if (Date.now() > deadline) throw new Error(`${left.length} probes still hold unacknowledged results`);
        for (const probe of left) for (const kept of pending.get(probe.probeId)!.splice(0)) await dispatch(probe, kept);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

export type ProbeLoad = ReturnType<typeof startProbeLoad>;
