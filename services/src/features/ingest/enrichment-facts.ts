import type { ProbeMembership } from '@nq/contracts';
import { compareByName } from '@nq/platform/read-store/read-all';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { campaignPolygonsProjection, type PolygonHistoryDocument, type PolygonVersion } from '@nq/projections';
import { membersAsOf } from '../clusters/index.ts';
import { providerDetector, providerEntryFields } from '../providers/index.ts';
import { polygonIndex, type TimedPolygon } from './point-in-polygon.ts';

type Ring = [number, number][];

/** What enrichment keeps of each document: little, since it keeps every probe of the fleet. */
interface ProbeFact {
  type?: 'landline' | 'mobile';
  tags: string[];
  owner: string;
}
interface CampaignFact {
  id: string;
  name?: string;
  start: string;
  end: string;
  polygons: TimedPolygon[];
}
interface GroupFact {
  id: string;
  name?: string;
  probes: ProbeMembership[];
}
interface ProviderFact {
  id: string;
  name?: string;
  fields: ReturnType<typeof providerEntryFields>;
}

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

const named = (document: ReadDocument) => ({
  id: document.id,
  ...(typeof document.name === 'string' ? { name: document.name } : {}),
});

/** A configuration read model enrichment keeps facts of, and the kind of entity whose streams change it. */
interface FactFamily<Fact> {
  kind: string;
  collection: string;
  /** The facts of a batch of its documents, by id. */
  factsOf(documents: ReadDocument[], readStore: ReadStore): Promise<[string, Fact][]>;
}

/** What enrichment keeps, per family: each document's fact, by id. */
export interface FactMaps {
  probes: Map<string, ProbeFact>;
  /** Each profile's time zone. */
  profiles: Map<string, string>;
  campaigns: Map<string, CampaignFact>;
  clusters: Map<string, GroupFact>;
  universes: Map<string, GroupFact>;
  providers: Map<string, ProviderFact>;
}
export type Family = keyof FactMaps;
type FactOf<F extends Family> = FactMaps[F] extends Map<string, infer Fact> ? Fact : never;
/** What a reload read: a family's every fact, or some of them by id (undefined: no longer there). */
export type FactUpdate = {
  [F in Family]?: { whole: Map<string, FactOf<F>> } | { some: Map<string, FactOf<F> | undefined> };
};

const familyOf = <Fact>(
  kind: string,
  collection: string,
  factOf: (document: ReadDocument) => Fact,
): FactFamily<Fact> => ({
  kind,
  collection,
  factsOf: async (documents) => documents.map((document) => [document.id, factOf(document)]),
});

const groupFact = (document: ReadDocument): GroupFact => ({
  ...named(document),
  probes: (document.probes as ProbeMembership[] | undefined) ?? [],
});

export const factFamilies: { [F in Family]: FactFamily<FactOf<F>> } = {
  probes: familyOf('probe', 'probes', (probe) => ({
    ...(probe.type ? { type: probe.type as ProbeFact['type'] } : {}),
    tags: (probe.tags as string[] | undefined) ?? [],
    owner: String(probe.owner),
  })),
  profiles: familyOf('profile', 'profiles', (profile) => String(profile.timeZone ?? 'Etc/UTC')),
  campaigns: {
    kind: 'campaign',
    collection: 'campaigns',
    async factsOf(campaigns, readStore) {
      const histories = await readStore.getMany(
        campaignPolygonsProjection.collection,
        campaigns.map((campaign) => campaign.id),
      );
      return campaigns.map((campaign) => {
        const history = histories.get(campaign.id) as PolygonHistoryDocument | undefined;
        // The history's read model not there yet (being rebuilt): the current polygon.
        const current = campaign.polygon
          ? [{ from: String(campaign.createdAt), rings: (campaign.polygon as { coordinates: Ring[] }).coordinates }]
          : [];
        const polygons = timedPolygons(campaign.id, history?.polygonVersions ?? current);
        const period = { start: String(campaign.startDate), end: String(campaign.endDate) };
        return [campaign.id, { ...named(campaign), ...period, polygons }];
      });
    },
  },
  clusters: familyOf('cluster', 'clusters', groupFact),
  universes: familyOf('universe', 'universes', groupFact),
  providers: familyOf('provider', 'providers', (provider) => ({
    ...named(provider),
    fields: providerEntryFields(provider),
  })),
};

export const families = Object.keys(factFamilies) as Family[];

const BY_IDS = 1_000;

/** Every fact of a family, read in one scan. */
async function readFamily<F extends Family>(readStore: ReadStore, family: F) {
  const { collection, factsOf } = factFamilies[family];
  const facts = new Map<string, FactOf<F>>();
  for await (const batch of readStore.scan(collection, { fresh: true }))
    for (const [id, fact] of await factsOf(batch, readStore)) facts.set(id, fact as FactOf<F>);
  return facts;
}

/** The facts of these documents of a family, read by id (real-time reads: no refresh needed). */
async function readSome<F extends Family>(readStore: ReadStore, family: F, ids: readonly string[]) {
  const { collection, factsOf } = factFamilies[family];
  const facts = new Map<string, FactOf<F> | undefined>(ids.map((id) => [id, undefined]));
  for (let start = 0; start < ids.length; start += BY_IDS) {
    const found = await readStore.getMany(collection, ids.slice(start, start + BY_IDS));
    for (const [id, fact] of await factsOf([...found.values()], readStore)) facts.set(id, fact as FactOf<F>);
  }
  return facts;
}

/** Reads what an update needs: each family whole, or some of its documents by id. */
export async function readFacts(
  readStore: ReadStore,
  wanted: { [F in Family]?: 'whole' | readonly string[] },
): Promise<FactUpdate> {
  const update: FactUpdate = {};
  await Promise.all(
    families.map(async <F extends Family>(family: F) => {
      const which = wanted[family];
      if (which === undefined) return;
      (update as Record<F, unknown>)[family] =
        which === 'whole'
          ? { whole: await readFamily(readStore, family) }
          : { some: await readSome(readStore, family, which) };
    }),
  );
  return update;
}

/** Groups (clusters, universes) in name order, as the read model lists them, and their members at an instant. */
function membershipsByProbe(groups: GroupFact[]) {
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
}

const inNameOrder = <Fact extends { id: string; name?: string }>(facts: Map<string, Fact>) =>
  [...facts.values()].sort(compareByName);

/** A lookup over a whole family, built when first asked for after the family changed. */
function lookup<T>(build: () => T) {
  let built: T | undefined;
  return {
    get: () => {
      built ??= build();
      return built;
    },
    forget: () => {
      built = undefined;
    },
  };
}

/** What enrichment knows: the facts of each family, updated in place, and the lookups built over them. */
export function knownFacts() {
  const facts: FactMaps = {
    probes: new Map(),
    profiles: new Map(),
    campaigns: new Map(),
    clusters: new Map(),
    universes: new Map(),
    providers: new Map(),
  };
  const lookups = {
    campaigns: lookup(() => polygonIndex(inNameOrder(facts.campaigns).flatMap((campaign) => campaign.polygons))),
    clusters: lookup(() => membershipsByProbe(inNameOrder(facts.clusters))),
    universes: lookup(() => membershipsByProbe(inNameOrder(facts.universes))),
    providers: lookup(() => providerDetector(inNameOrder(facts.providers))),
  };

  return {
    probe(probeId: string) {
      const probe = facts.probes.get(probeId);
      if (!probe) return undefined;
      return { ...probe, timeZone: facts.profiles.get(probe.owner) ?? 'Etc/UTC' };
    },
    knowsProbe: (probeId: string) => facts.probes.has(probeId),
    campaignPeriod: (campaignId: string) => facts.campaigns.get(campaignId),
    campaignsAt: (point: [number, number], at: number) => lookups.campaigns.get()(point, at),
    clustersOf: (probeId: string, at: Date) => lookups.clusters.get()(probeId, at),
    universesOf: (probeId: string, at: Date) => lookups.universes.get()(probeId, at),
    providerOf: (query: Parameters<ReturnType<typeof lookups.providers.get>>[0]) => lookups.providers.get()(query),
    /** Applies what a reload read, all at once (no batch sees half of it). */
    apply(update: FactUpdate) {
      for (const family of families) {
        const change = update[family];
        if (!change) continue;
        const kept = facts[family] as Map<string, unknown>;
        if ('whole' in change) kept.clear();
        for (const [id, fact] of ('whole' in change ? change.whole : change.some) as Map<string, unknown>)
          if (fact === undefined) kept.delete(id);
          else kept.set(id, fact);
        if (family in lookups) lookups[family as keyof typeof lookups].forget();
      }
    },
  };
}

export type KnownFacts = ReturnType<typeof knownFacts>;

/** Every family read whole: the facts enrichment starts from. */
export async function loadKnownFacts(readStore: ReadStore): Promise<KnownFacts> {
  const known = knownFacts();
  known.apply(await readFacts(readStore, Object.fromEntries(families.map((family) => [family, 'whole']))));
  return known;
}
