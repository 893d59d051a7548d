import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ConfigurationKind,
  compareLogPositions,
  defaultMeasurementSource,
  type EnrichedMeasurement,
  emptyEntity,
  evolveEntity,
  type LogPosition,
  type Measurement,
  technologyLabels,
} from '@nq/contracts';
import { streamIdOf } from '@nq/platform/entities/entity-decider';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { campaignPolygonsProjection, configurationProjectionName } from '@nq/projections';
import { ispOf } from '../providers/index.ts';
import { pendingChanges, readChanges } from './configuration-changes.ts';
import { factFamilies, families, type KnownFacts, loadKnownFacts, readFacts } from './enrichment-facts.ts';
import { localTimeOf } from './local-time.ts';

const CATCH_UP_POLL_MS = 20;
/** Past this many events to read at once, every fact is read again instead (after a long outage or a rebuild). */
const MAX_LOG_EVENTS = 20_000;

/** The configuration read models enrichment reads, whose checkpoints tell whether its facts show a change. */
const sourceProjections = [
  ...families.map((family) => configurationProjectionName(factFamilies[family].collection)),
  campaignPolygonsProjection.name,
];

const earlier = (a: LogPosition, b: LogPosition) => (compareLogPositions(a, b) <= 0 ? a : b);
const later = (a: LogPosition | undefined, b: LogPosition | undefined) =>
  a === undefined ? b : b === undefined ? a : compareLogPositions(a, b) >= 0 ? a : b;
const reaches = (position: LogPosition, target: LogPosition) => compareLogPositions(position, target) >= 0;

/**
 * Probes the event log holds that the read models did not show within the wait (a projector slow or cut off from its
 * store): their results are neither enriched without their facts nor dead-lettered, the batch is delivered again.
 */
export class ProbesNotShownYetError extends Error {
  constructor(probeIds: string[]) {
    super(
      `probes ${probeIds.slice(0, 5).join(', ')}${probeIds.length > 5 ? '…' : ''} exist but the configuration read models do not show them yet: the batch will be delivered again`,
    );
    this.name = 'ProbesNotShownYetError';
  }
}

/** Runs tasks one after the other: the facts are updated in place. */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}

/**
 * Enrichment at ingest: local hour, weekday and fringe in the time zone of the probe's profile; campaigns
 * by point-in-polygon within their dates, with the polygon in force at the measurement's time; clusters and universes
 * by membership at the measurement's time; provider by IMSI or IP; the ISP as a provider id (the reported name, else
 * the provider); the probe's type and tags. The facts are loaded once; after a change to the event log (at most every
 * `refreshMs`) the log tells which probes, profiles, campaigns, clusters, universes or providers changed, and only
 * those are read again, once the read models have caught up with each change, however far behind the projections
 * were (a user's login or a tag's change reads nothing). A probe the facts do not know may have been created a moment
 * ago: `unknownProbes` first waits (at most `unknownProbeWaitMs`) for the read models to reach the event log as it is
 * now.
 */
export function enrichment(
  readStore: ReadStore,
  eventStore: Pick<EventStore, 'head' | 'readAll' | 'readStreams'>,
  options: { refreshMs?: number; unknownProbeWaitMs?: number } = {},
) {
  const refreshMs = options.refreshMs ?? 1_000;
  const unknownProbeWaitMs = options.unknownProbeWaitMs ?? 10_000;
  let facts: KnownFacts | undefined;
  const pending = pendingChanges();
  /** How far the log has been read into `pending`. */
  let logReadTo: LogPosition | undefined;
  /** A head of the log, once a change is known, until the log has been read that far. */
  let logTarget: LogPosition | undefined;
  let changed = false;
  let updatedAt = 0;
  let updating: Promise<unknown> | undefined; // batches handled at once share one update
  const serially = oneAtATime();
  /** A log position the facts show in full: until the log moves past it, an unknown probe is known not to exist. */
  let shownInFull: LogPosition | undefined;

  const checkpoint = async () =>
    (await Promise.all(sourceProjections.map((name) => readStore.checkpoint(name)))).reduce(earlier);

  /**
   * Brings the facts up to the log (up to `upTo` at least, when given) and the read models: every fact the first
   * time, then those the log says changed. Answers the log position up to which the facts show every change.
   */
  async function update(upTo?: LogPosition): Promise<LogPosition> {
    updatedAt = Date.now();
    if (!facts || logReadTo === undefined) {
      // Checkpoints read before the facts: the facts show the log up to them at least, and later changes come from it.
      const shown = await checkpoint();
      facts = await loadKnownFacts(readStore);
      logReadTo = shown;
    }
    if (changed) {
      changed = false;
      logTarget = later(logTarget, await eventStore.head());
    }
    const target = later(logTarget, upTo);
    if (target !== undefined && !reaches(logReadTo, target))
      logReadTo = await readChanges(eventStore, pending, logReadTo, MAX_LOG_EVENTS);
    if (logTarget !== undefined && reaches(logReadTo, logTarget)) logTarget = undefined;
    if (pending.isEmpty) return logReadTo;
    const shown = await checkpoint();
    const rereads = pending.shownAt(shown);
    if (Object.keys(rereads).length > 0) facts.apply(await readFacts(readStore, rereads));
    pending.shown(shown);
    return pending.isEmpty ? logReadTo : earlier(logReadTo, shown);
  }

  const unknownAmong = (probeIds: Iterable<string>) =>
    new Set([...probeIds].filter((probeId) => !facts?.knowsProbe(probeId)));

  const probeStream = (id: string) => streamIdOf({ kind: 'probe' satisfies ConfigurationKind }, id);
  /** Those of `probeIds` the event log holds as existing (created, not deleted). */
  async function probesInLog(probeIds: Set<string>) {
    if (probeIds.size === 0) return [];
    const ids = [...probeIds];
    const streams = await eventStore.readStreams(ids.map((id) => probeStream(id)));
    return ids.filter((id) => {
      const events = streams.get(probeStream(id)) ?? [];
      return events.reduce(evolveEntity, emptyEntity).status === 'active';
    });
  }

  return {
    /** The event log changed: read what changed before a next batch (at most every refreshMs). */
    invalidate() {
      changed = true;
    },
    async refresh() {
      const stale = changed || logTarget !== undefined || !pending.isEmpty;
      if (facts && (!stale || Date.now() - updatedAt < refreshMs)) return;
      updating ??= serially(() => update()).finally(() => {
        updating = undefined;
      });
      await updating;
    },
    /**
     * The probes among `probeIds` that do not exist. Facts that do not know one are first brought up to the event log
     * as it is now (the probe created since they were loaded), once the read models have reached it or the wait is
     * over; the probes they still do not know are the answer.
     */
    async unknownProbes(probeIds: Iterable<string>): Promise<Set<string>> {
      if (unknownAmong(probeIds).size === 0) return new Set();
      const head = await eventStore.head();
      if (shownInFull !== undefined && reaches(shownInFull, head)) return unknownAmong(probeIds);
      const deadline = Date.now() + unknownProbeWaitMs;
      while (!reaches(await checkpoint(), head) && Date.now() < deadline) await sleep(CATCH_UP_POLL_MS);
      const shown = await serially(() => update(head));
      if (reaches(shown, head)) {
        shownInFull = later(shownInFull, head);
        return unknownAmong(probeIds);
      }
      // The read models are still behind the log: only the log itself says a probe does not exist.
      const unknown = unknownAmong(probeIds);
      const existing = await probesInLog(unknown);
      if (existing.length > 0) throw new ProbesNotShownYetError(existing);
      return unknown;
    },
    enrich(measurement: Measurement & { receivedAt?: string }): EnrichedMeasurement {
      const known = facts!;
      const probe = known.probe(measurement.probeId);
      const at = new Date(measurement.measuredAt);
      const measuredAt = at.toISOString();
      const point = measurement.location
        ? ([measurement.location.lon, measurement.location.lat] as [number, number])
        : undefined;
      const campaigns = point
        ? known.campaignsAt(point, at.getTime()).filter((id) => {
            const period = known.campaignPeriod(id)!;
            return period.start <= measuredAt && measuredAt <= period.end;
          })
        : [];
      const provider = known.providerOf({
        ...(measurement.imsi ? { imsi: measurement.imsi } : {}),
        ...(measurement.ip ? { ip: measurement.ip } : {}),
      });
      const isp = ispOf(known.providerOf, measurement, provider);
      const { hour, weekday, fringe } = localTimeOf(measuredAt, probe?.timeZone ?? 'Etc/UTC');
      const enriched: EnrichedMeasurement = {
        ...measurement,
        measuredAt,
        receivedAt: measurement.receivedAt ?? new Date().toISOString(),
        hour,
        weekday,
        fringe,
        campaigns,
        clusters: known.clustersOf(measurement.probeId, at),
        universes: known.universesOf(measurement.probeId, at),
        tags: probe?.tags ?? [],
        technologyLabel: technologyLabels[measurement.technology] ?? String(measurement.technology),
        source: measurement.source ?? defaultMeasurementSource,
      };
      if (probe?.type) enriched.probeType = probe.type;
      if (provider) enriched.provider = provider.id;
      if (isp) enriched.ispId = isp.id;
      return enriched;
    },
  };
}

export type Enrichment = ReturnType<typeof enrichment>;
