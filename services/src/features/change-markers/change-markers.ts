import {
  auditedKinds,
  type ChangeMarker,
  type ChangeMarkersResponse,
  compareLogPositions,
  DomainError,
  type EntityState,
  emptyEntity,
  evolveEntity,
  maxChangeMarkers,
  reachesLayer,
} from '@nq/contracts';
import { isAdmin, type Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import { historyOf } from '@nq/platform/entities/audit';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import type { AccessRule } from '@nq/platform/http/access-rule';
import { endOf, startOf } from '../analytics/index.ts';
import { intersect, scopeOf } from '../identity/index.ts';
import { type MarkedKind, markedKinds, touchesScope } from './marked-changes.ts';

export interface MarkedEntity {
  service: EntityService;
  visibility: Visibility;
  access: { read: AccessRule };
}

export interface ChangeMarkerSources {
  eventStore: EventStore;
  entityOf(kind: MarkedKind): MarkedEntity;
}

export interface ChangeMarkersQuery {
  probes?: string[] | undefined;
  campaigns?: string[] | undefined;
  clusters?: string[] | undefined;
  universes?: string[] | undefined;
  isps?: string[] | undefined;
  tsStart?: string | undefined;
  tsEnd?: string | undefined;
  timeZone?: string | undefined;
  scorecardId?: string | undefined;
}

const defaultDays = 30;
const day = 86_400_000;
/** Configuration events read per period: far more changes than a chart can show, few enough to replay their streams. */
const maxEventsRead = 5_000;
/** Streams replayed at once. */
const concurrency = 16;

const listed = (values: readonly string[] | undefined) => (values && values.length > 0 ? values : undefined);

/**
 * The period asked, as instants (dates are whole days in the time zone), kept within the profile's dates: a profile
 * sees nothing of the configuration outside the period its data is limited to.
 */
function periodOf(query: ChangeMarkersQuery, viewer: Viewer, now: Date) {
  const timeZone = query.timeZone ?? viewer.profile.timeZone;
  const to = query.tsEnd ? Date.parse(endOf(query.tsEnd, timeZone)) : now.getTime();
  const from = query.tsStart ? Date.parse(startOf(query.tsStart, timeZone)) : to - defaultDays * day;
  const { from: allowedFrom, to: allowedTo } = scopeOf(viewer.profile);
  return {
    from: new Date(Math.max(from, allowedFrom ? Date.parse(allowedFrom) : from)),
    to: new Date(Math.min(to, allowedTo ? Date.parse(allowedTo) : to)),
  };
}

const reads = (viewer: Viewer, rule: AccessRule) =>
  !('layers' in rule) ||
  (rule.layers.some((layer) => reachesLayer(viewer.profile.layers, layer)) &&
    (!rule.andLayers || rule.andLayers.some((layer) => reachesLayer(viewer.profile.layers, layer))) &&
    (!rule.admin || isAdmin(viewer)));

async function inChunks<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency)
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map(work))));
  return results;
}

/**
 * The configuration changes that touch a chart's scope within its period, read from the event store and replayed as
 * the settings history replays them (`historyOf`): what the caller's profile may see only (each entity's visibility
 * as its settings history applies it, the profile's probes, campaigns, clusters and ISPs).
 *
 * The scope: with no selection, every entity the caller sees; otherwise the entities selected, and the probes that
 * belong to a selected campaign, cluster or universe before or after their change (a probe moved out of a campaign
 * touches it as much as one moved in). Only changes count, not creations.
 */
export function changeMarkerFinder({ eventStore, entityOf }: ChangeMarkerSources) {
  return async function changeMarkers(
    viewer: Viewer,
    query: ChangeMarkersQuery,
    now = new Date(),
  ): Promise<ChangeMarkersResponse> {
    const { from, to } = periodOf(query, viewer, now);
    if (from > to) return { list: [], count: 0, capped: false };
    const profileScope = scopeOf(viewer.profile);
    const selected = {
      probes: listed(query.probes),
      campaigns: listed(query.campaigns),
      clusters: listed(query.clusters),
      universes: listed(query.universes),
      isps: listed(query.isps),
    };
    const everything = Object.values(selected).every((values) => values === undefined);
    // Within the profile: the selected ones it may see, or all of those it may (undefined: no restriction).
    const allowed: Record<Exclude<MarkedKind, 'scorecard'>, readonly string[] | undefined> = {
      probe: intersect(selected.probes, profileScope.probes),
      campaign: intersect(selected.campaigns, profileScope.campaigns),
      cluster: intersect(selected.clusters, profileScope.clusters),
      universe: selected.universes,
      provider: intersect(selected.isps, profileScope.isps),
    };
    const scorecard = query.scorecardId ? await visibleScorecard(viewer, query.scorecardId) : undefined;

    const memberProbes = new Set<string>();
    for (const [kind, ids] of [
      ['cluster', selected.clusters],
      ['universe', selected.universes],
    ] as const)
      for (const id of ids ?? []) {
        if (allowed[kind] && !allowed[kind].includes(id)) continue;
        const { state } = await entityOf(kind).service.load(id);
        for (const member of (state.fields.probes as { probeId: string }[] | undefined) ?? [])
          memberProbes.add(member.probeId);
      }
    const probeRelated = (id: string, states: EntityState[]) =>
      (selected.probes?.includes(id) ?? false) ||
      memberProbes.has(id) ||
      states.some(
        ({ fields }) =>
          (selected.campaigns?.includes(fields.campaign as string) ?? false) ||
          (selected.clusters?.includes(fields.cluster as string) ?? false) ||
          (selected.universes?.includes(fields.universe as string) ?? false),
      );

    const selectedOf = { campaign: selected.campaigns, cluster: selected.clusters, universe: selected.universes };
    const kindsRead = markedKinds.filter((kind) => {
      if (kind === 'probe') return true;
      if (kind === 'scorecard') return scorecard !== undefined;
      return everything || (kind === 'provider' ? selected.isps : selectedOf[kind]) !== undefined;
    });
    /** Whether an entity may hold changes in scope, before its stream is read. */
    const worthReading = (kind: MarkedKind, id: string) => {
      if (kind === 'scorecard') return id === query.scorecardId;
      if (kind === 'probe') return !profileScope.probes || profileScope.probes.includes(id);
      return !allowed[kind] || allowed[kind].includes(id);
    };

    const recorded = await eventStore.readRecorded({
      from,
      to,
      streamPrefixes: kindsRead.map((kind) => (kind === 'scorecard' ? `scorecard-${query.scorecardId}` : `${kind}-`)),
      limit: maxEventsRead,
    });
    const streams = [
      ...new Map(
        recorded.flatMap((event) => {
          const kind = kindsRead.find((candidate) => event.streamId.startsWith(`${candidate}-`));
          const id = kind && event.streamId.slice(kind.length + 1);
          return kind && id && worthReading(kind, id) ? [[event.streamId, { kind, id }] as const] : [];
        }),
      ).values(),
    ];

    type Found = { marker: ChangeMarker; position: string };
    const found = await inChunks(streams, async ({ kind, id }): Promise<Found[]> => {
      const { service, visibility } = entityOf(kind);
      const { events, state: current } = await service.load(id);
      if (!visibility.sees(viewer, { ...current.fields, id, owner: current.owner })) return [];
      const history = historyOf(events);
      const markers: Found[] = [];
      let state = emptyEntity;
      events.forEach((event, index) => {
        const before = state;
        state = evolveEntity(state, event);
        const entry = history[index]!;
        const at = Date.parse(entry.recordedAt);
        if (entry.version === 1 || at < from.getTime() || at > to.getTime()) return;
        const fields = [...new Set(entry.changes.map((change) => change.field))];
        if (!touchesScope(kind, fields)) return;
        if (kind === 'probe' && !everything && !probeRelated(id, [before, state])) return;
        const name = state.fields[auditedKinds[kind]] ?? before.fields[auditedKinds[kind]];
        markers.push({
          marker: {
            at: new Date(at).toISOString(),
            kind,
            entityId: id,
            entityName: typeof name === 'string' && name !== '' ? name : id,
            event: entry.type,
            fields,
          },
          position: entry.position,
        });
      });
      return markers;
    });

    // Changes recorded in the same millisecond keep the order of the log.
    const newestFirst = found
      .flat()
      .sort((a, b) => Date.parse(b.marker.at) - Date.parse(a.marker.at) || compareLogPositions(b.position, a.position));
    return {
      list: newestFirst
        .slice(0, maxChangeMarkers)
        .reverse()
        .map(({ marker }) => marker),
      count: newestFirst.length,
      capped: newestFirst.length > maxChangeMarkers,
    };
  };

  /** The scorecard a chart shows, when the caller may read it (otherwise it does not exist for it). */
  async function visibleScorecard(viewer: Viewer, id: string) {
    const { service, visibility, access } = entityOf('scorecard');
    const { events, state } = await service.load(id);
    if (
      events.length === 0 ||
      !reads(viewer, access.read) ||
      !visibility.sees(viewer, { ...state.fields, id, owner: state.owner })
    )
      throw new DomainError('resource.notFound', { details: { kind: 'scorecard', id } });
    return state;
  }
}

export type ChangeMarkerFinder = ReturnType<typeof changeMarkerFinder>;
