import {
  neverReportedState,
  type ProbeFleetFilter,
  type ProbeMembership,
  type ProbeStatusSortField,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ListFilter, ListQuery, ReadStore } from '@nq/platform/read-store/read-store-port';
import { membersAsOf } from '../clusters/index.ts';
import { type ProbeSight, seenProbeFilters } from '../probes/index.ts';

/** The probes a request reads: those the viewer sees (and of the clusters asked for), and each one's clusters. */
export interface FleetScope {
  filters: ListFilter[];
  /** The clusters each probe belongs to now, when the request is about clusters. */
  clustersOf?: ReadonlyMap<string, readonly string[]>;
}

export interface FleetSources {
  readStore: ReadStore;
  /** The probes each profile sees. */
  probes: ProbeSight;
  clusterVisibility: Visibility;
}

/** The fleet document's field each sort of the probe status reads. */
const sortFields: Record<ProbeStatusSortField, string> = {
  probeId: 'id',
  name: 'name',
  type: 'type',
  state: 'state',
  status: 'status',
  lastReportAt: 'lastReportMs',
  technology: 'technology',
  operator: 'operator',
  battery: 'battery',
};

export const fleetSort = (sort: ProbeStatusSortField, order: 'asc' | 'desc'): ListQuery['sort'] => [
  { field: sortFields[sort], order },
];

/** The screen's filters as the store's (the fleet document's fields: projections' probe-fleet). */
export function fleetFilters(filter: ProbeFleetFilter): ListFilter[] {
  const filters: ListFilter[] = [];
  if (filter.state === neverReportedState) filters.push({ field: 'reported', equals: false });
  else if (filter.state) filters.push({ field: 'state', equals: filter.state });
  if (filter.status) filters.push({ field: 'status', equals: filter.status });
  if (filter.type) filters.push({ field: 'type', equals: filter.type });
  if (filter.technology !== undefined) filters.push({ field: 'technology', equals: filter.technology });
  if (filter.operator) filters.push({ field: 'operator', equals: filter.operator });
  if (filter.located !== undefined) filters.push({ field: 'located', equals: filter.located });
  return filters;
}

/** The probe id or name holding the text, in any letter case. */
export const fleetSearch = (text: string | undefined) => (text ? { search: { fields: ['id', 'name'], text } } : {});

/** Who sees what of the fleet: the probes seen, narrowed to clusters' members when asked. */
export function fleetScopes({ readStore, probes, clusterVisibility }: FleetSources) {
  /** The probes that belong now to the clusters the viewer sees (or to those named), with their clusters. */
  async function clusterMembers(viewer: Viewer, clusterIds: readonly string[] | undefined) {
    const clusters = await readAll(readStore, 'clusters', [
      ...(clusterIds ? [{ field: 'id', in: [...clusterIds] }] : []),
      ...clusterVisibility.listFilters(viewer),
    ]);
    const now = new Date();
    const clustersOf = new Map<string, string[]>();
    for (const cluster of clusters)
      for (const probeId of membersAsOf((cluster.probes as ProbeMembership[] | undefined) ?? [], now))
        clustersOf.set(probeId, [...(clustersOf.get(probeId) ?? []), cluster.id]);
    return clustersOf;
  }

  return {
    async of(
      viewer: Viewer,
      asked: { inClusters?: boolean | undefined; clusterIds?: readonly string[] | undefined } = {},
    ): Promise<FleetScope> {
      const seen = seenProbeFilters(await probes.seenBy(viewer));
      if (!asked.inClusters && !asked.clusterIds) return { filters: seen };
      const clustersOf = await clusterMembers(viewer, asked.clusterIds);
      return { filters: [...seen, { field: 'id', in: [...clustersOf.keys()] }], clustersOf };
    },
  };
}
export type FleetScopes = ReturnType<typeof fleetScopes>;
