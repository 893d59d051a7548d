import { randomUUID } from 'node:crypto';
import { measurementFor, type VirtualProbe } from '@nq/services/simulator/fleet-model';
import { indexedCounts } from './indexed-measurements.ts';
import { type Answer, type Credentials, signedFetch } from './signed-fetch.ts';

interface Round {
  started: number;
  /** When every write of the round was acknowledged, when its results were all indexed, when its rename was read. */
  acknowledged?: number;
  measurementsSeen?: number;
  tagSeen?: number;
  ended?: number;
}

const roundEveryMs = 1_000;
const pause = () => new Promise((resolve) => setTimeout(resolve, 250));

/**
 * End-to-end rounds, one started every second whatever the earlier ones are doing: each sends one result from a
 * probe of every partition of measurements.raw (so that every ingest member's share is in it) and renames a tag,
 * then waits until an analyst could see all of it — the results in the measurements index, the tag read model at the
 * rename's version. A fault's recovery time is how long after the fault the first round started after it took to
 * complete.
 */
export async function startCanary(options: {
  base: () => string;
  admin: Credentials;
  probes: VirtualProbe[];
  credentials: Map<string, Credentials>;
  random: () => number;
  elasticsearchUrl: string;
  measurementsAlias: string;
  run: string;
}) {
  const admin = signedFetch(options.base, options.admin, 5_000);
  const gateways = new Map(
    options.probes.map((probe) => [probe, signedFetch(options.base, options.credentials.get(probe.probeId)!, 5_000)]),
  );
  const created = await admin('POST', '/tags', { name: `Canary ${options.run}` });
  if (created.status !== 201) throw new Error(`canary tag: ${created.status} ${JSON.stringify(created.body)}`);
  const tagId = String(created.body!.id);
  const rounds: Round[] = [];
  const stopping = new AbortController();

  /** Sends until the expected status comes; answers the body of that answer. */
  const until = async (expected: number, send: () => Promise<Answer>) => {
    for (;;) {
      const answer = await send();
      if (answer.status === expected) return answer.body;
      await pause();
    }
  };

  const run = async (round: Round, serial: number) => {
    const measurements = options.probes.map((probe) => ({
      probe,
      measurement: { ...measurementFor(probe, new Date(), options.random), measurementId: randomUUID() },
    }));
    const [renamed] = await Promise.all([
      until(200, () => admin('PUT', `/tags/${tagId}`, { name: `Canary ${options.run} ${serial}` })),
      ...measurements.map(({ probe, measurement }) =>
        until(202, () => gateways.get(probe)!('POST', '/gateway/v1/results', { items: [measurement] })),
      ),
    ]);
    round.acknowledged = Date.now();
    const version = Number((renamed as { entity?: { version?: number } } | null)?.entity?.version ?? 0);
    const ids = measurements.map(({ measurement }) => measurement.measurementId);
    while (!round.measurementsSeen || !round.tagSeen) {
      const [indexed, tag] = await Promise.all([
        round.measurementsSeen
          ? undefined
          : indexedCounts(options.elasticsearchUrl, options.measurementsAlias, ids).catch(() => new Map()),
        round.tagSeen ? undefined : admin('GET', `/tags/${tagId}`),
      ]);
      if (indexed?.size === ids.length) round.measurementsSeen = Date.now();
      // Later rounds rename it too: any version from this rename's on shows it.
      if (tag?.status === 200 && Number(tag.body?.version) >= version) round.tagSeen = Date.now();
      if (!round.measurementsSeen || !round.tagSeen) await pause();
    }
    round.ended = Date.now();
  };

  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    for (let serial = 1; !stopping.signal.aborted; serial++) {
      const round: Round = { started: Date.now() };
      rounds.push(round);
      const running = run(round, serial).finally(() => inFlight.delete(running));
      inFlight.add(running);
      await new Promise((resolve) => setTimeout(resolve, roundEveryMs));
    }
    await Promise.all(inFlight);
  })();

  const after = (since: number, at: number | undefined) => `${(((at ?? since) - since) / 1_000).toFixed(1)} s`;
  return {
    /**
     * Seconds from `since` until the first round started at or after it completed (waits for that round), and when
     * that round's writes were acknowledged and seen.
     */
    async recoverySince(since: number, timeoutMs = 600_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const first = rounds.find((round) => round.started >= since);
        if (first?.ended)
          return {
            seconds: (first.ended - since) / 1_000,
            detail:
              `acknowledged after ${after(since, first.acknowledged)}, results indexed after ` +
              `${after(since, first.measurementsSeen)}, tag read after ${after(since, first.tagSeen)}`,
          };
        if (Date.now() > deadline) throw new Error(`no end-to-end round completed within ${timeoutMs} ms`);
        await pause();
      }
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

export type Canary = Awaited<ReturnType<typeof startCanary>>;
