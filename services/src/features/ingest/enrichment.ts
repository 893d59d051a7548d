import { setTimeout as sleep } from 'node:timers/promises';
import {
  compareLogPositions,
  defaultMeasurementSource,
  type EnrichedMeasurement,
  type LogPosition,
  type Measurement,
  type ProbeMembership,
  technologyLabels,
} from '@nq/contracts';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import {
  campaignPolygonsProjection,
  configurationProjectionName,
  type PolygonHistoryDocument,
  type PolygonVersion,
} from '@nq/projections';
import { membersAsOf } from '../clusters/index.ts';
import { ispOf, providerDetector, providerEntryFields } from '../providers/index.ts';
import { localTimeOf } from './local-time.ts';
import { polygonIndex, type TimedPolygon } from './point-in-polygon.ts';

type Ring = [number, number][];
interface ProbeFacts {
  type?: 'landline' | 'mobile';
  tags: string[];
  timeZone: string;
}
interface Membership {
  id: string;
  probes: ProbeMembership[];
}

/** Members of a group (cluster, universe) as of an instant, per probe. */
const membershipsByProbe = (groups: Membership[]) => {
  const byProbe = new Map<string, { id: string; ranges: ProbeMembership[] }[]>();
  for (const group of groups)
    for (const membership of group.probes) {
      const list = byProbe.get(membership.probeId) ?? [];
      const entry = list.find((item) => item.id === group.id);
      if (entry) entry.ranges.push(membership);
      else list.push({ id: group.id, ranges: [membership] });
      byProbe.set(membership.probeId, list);
    }
  return (probeId: string, at: Date) =>
    (byProbe.get(probeId) ?? []).filter((group) => membersAsOf(group.ranges, at).includes(probeId)).map((g) => g.id);
};

/**
 * Each polygon version in force until the next one. The first also holds before it was drawn: a campaign created
 * today for measurements already taken covers them with its first polygon.
 */
const timedPolygons = (id: string, versions: PolygonVersion[]): TimedPolygon[] =>
  versions.flatMap((version, index) => {
    const next = versions[index + 1];
    if (!version.rings) return [];
    return [
      {
        id,
        rings: version.rings,
        ...(index > 0 ? { from: Date.parse(version.from) } : {}),
        ...(next ? { until: Date.parse(next.from) } : {}),
      },
    ];
  });

const entityCollections = ['probes', 'profiles', 'campaigns', 'clusters', 'universes', 'providers'];

/** What enrichment knows, loaded from the configuration read models. */
async function loadFacts(readStore: ReadStore) {
  const [probes, profiles, campaigns, clusters, universes, providers] = await Promise.all(
    entityCollections.map((collection) => readAll(readStore, collection, [], { fresh: true })),
  );
  const timeZones = new Map(profiles!.map((profile) => [profile.id, String(profile.timeZone ?? 'Etc/UTC')]));
  const probeFacts = new Map<string, ProbeFacts>(
    probes!.map((probe) => [
      probe.id,
      {
        ...(probe.type ? { type: probe.type as ProbeFacts['type'] } : {}),
        tags: (probe.tags as string[] | undefined) ?? [],
        timeZone: timeZones.get(String(probe.owner)) ?? 'Etc/UTC',
      },
    ]),
  );
  const histories = await readStore.getMany(
    campaignPolygonsProjection.collection,
    campaigns!.map((campaign) => campaign.id),
  );
  const periods = new Map(campaigns!.map((c) => [c.id, { start: String(c.startDate), end: String(c.endDate) }]));
  return {
    probeFacts,
    campaignsAt: polygonIndex(
      campaigns!.flatMap((campaign) => {
        const history = histories.get(campaign.id) as PolygonHistoryDocument | undefined;
        // The history's read model not there yet (being rebuilt): the current polygon.
        const current = campaign.polygon
          ? [{ from: String(campaign.createdAt), rings: (campaign.polygon as { coordinates: Ring[] }).coordinates }]
          : [];
        return timedPolygons(campaign.id, history?.polygonVersions ?? current);
      }),
    ),
    campaignPeriods: periods,
    clustersOf: membershipsByProbe(clusters as unknown as Membership[]),
    universesOf: membershipsByProbe(universes as unknown as Membership[]),
    providerOf: providerDetector(
      providers!.map((provider) => ({ id: provider.id, fields: providerEntryFields(provider) })),
    ),
  };
}

const CATCH_UP_POLL_MS = 20;

/** The configuration read models enrichment reads, whose checkpoints tell whether its facts show a change. */
const sourceProjections = [...entityCollections.map(configurationProjectionName), campaignPolygonsProjection.name];

/**
 * Enrichment at ingest: local hour, weekday and fringe in the time zone of the probe's profile; campaigns
 * by point-in-polygon within their dates, with the polygon in force at the measurement's time; clusters and universes
 * by membership at the measurement's time; provider by IMSI or IP; the ISP as a provider id (the reported name, else
 * the provider); the probe's type and tags. The facts are cached; after a configuration change they are reloaded (at
 * most every `refreshMs`) until they come from read models that have caught up with the event log as it was after the
 * change, however far behind the projections were. A probe the facts do not know may have been created a moment ago:
 * `unknownProbes` first waits (at most `unknownProbeWaitMs`) for the read models to reach the event log as it is now.
 */
export function enrichment(
  readStore: ReadStore,
  eventStore: Pick<EventStore, 'head'>,
  options: { refreshMs?: number; unknownProbeWaitMs?: number } = {},
) {
  const refreshMs = options.refreshMs ?? 1_000;
  const unknownProbeWaitMs = options.unknownProbeWaitMs ?? 10_000;
  let facts: Awaited<ReturnType<typeof loadFacts>> | undefined;
  let loading: Promise<void> | undefined; // batches handled at once share one load
  let loadedAt = 0;
  let changed = false;
  /** The log position the facts must show, once a change is known and until loaded facts show it. */
  let awaited: LogPosition | undefined;
  // Loads may overlap (a batch catching up while another refreshes): the facts kept are those of the latest started.
  let loadsStarted = 0;
  let factsOfLoad = 0;
  /** A log position the facts show in full: until the log moves past it, an unknown probe is known not to exist. */
  let shownInFull: LogPosition | undefined;

  const caughtUpWith = async (position: LogPosition) => {
    const checkpoints = await Promise.all(sourceProjections.map((name) => readStore.checkpoint(name)));
    return checkpoints.every((checkpoint) => compareLogPositions(checkpoint, position) >= 0);
  };
  async function load() {
    const started = ++loadsStarted;
    loadedAt = Date.now();
    if (changed) {
      changed = false;
      awaited = await eventStore.head();
    }
    const target = awaited;
    // Checkpoints read before the facts: when they had reached the change, the facts read next show it.
    const current = target === undefined || (await caughtUpWith(target));
    const loaded = await loadFacts(readStore);
    if (started > factsOfLoad) {
      facts = loaded;
      factsOfLoad = started;
    }
    if (current && awaited === target) awaited = undefined;
  }
  const unknownAmong = (probeIds: Iterable<string>) =>
    new Set([...probeIds].filter((probeId) => !facts!.probeFacts.has(probeId)));

  return {
    /** Configuration changed: reload before a next batch (at most every refreshMs), until the facts show it. */
    invalidate() {
      changed = true;
    },
    async refresh() {
      const stale = changed || awaited !== undefined;
      if (facts && (!stale || Date.now() - loadedAt < refreshMs)) return;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      await loading;
    },
    /**
     * The probes among `probeIds` that do not exist. Facts that do not know one are first brought up to the event log
     * as it is now (the probe created since they were loaded), once the read models have reached it or the wait is
     * over; the probes they still do not know are the answer.
     */
    async unknownProbes(probeIds: Iterable<string>): Promise<Set<string>> {
      if (unknownAmong(probeIds).size === 0) return new Set();
      const head = await eventStore.head();
      if (shownInFull !== undefined && compareLogPositions(shownInFull, head) >= 0) return unknownAmong(probeIds);
      const deadline = Date.now() + unknownProbeWaitMs;
      let reached = await caughtUpWith(head);
      while (!reached && Date.now() < deadline) {
        await sleep(CATCH_UP_POLL_MS);
        reached = await caughtUpWith(head);
      }
      await load();
      // Facts are only ever replaced by those of a later load: from now on they show the log up to `head`.
      if (reached && (shownInFull === undefined || compareLogPositions(head, shownInFull) > 0)) shownInFull = head;
      return unknownAmong(probeIds);
    },
    enrich(measurement: Measurement & { receivedAt?: string }): EnrichedMeasurement {
      const known = facts!;
      const probe = known.probeFacts.get(measurement.probeId);
      const at = new Date(measurement.measuredAt);
      const measuredAt = at.toISOString();
      const point = measurement.location
        ? ([measurement.location.lon, measurement.location.lat] as [number, number])
        : undefined;
      const campaigns = point
        ? known.campaignsAt(point, at.getTime()).filter((id) => {
            const period = known.campaignPeriods.get(id)!;
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
