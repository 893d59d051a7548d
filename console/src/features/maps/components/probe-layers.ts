import type { ClusterRow, ProbeRow } from '../api/probes-map.ts';
import type { PointLayer } from '../kepler/map-layers.ts';
import type { LegendEntry } from './Legend.tsx';

/** Probe statuses and the colour each has on the map (docs/product/states.md#probe-status). */
export const probeStatusColours = {
  Available: '#16a34a',
  Ready: '#2563eb',
  'Not ready': '#d97706',
  'Not available': '#dc2626',
} as const satisfies Record<string, string>;
export const otherStatusColour = '#6b7280';

/** What the map and table show as a probe's status: what it last reported, else its configured one. */
export const shownStatus = (probe: Pick<ProbeRow, 'state' | 'status'>) => probe.state ?? probe.status;

export const statusColour = (status: string) =>
  (probeStatusColours as Record<string, string>)[status] ?? otherStatusColour;

/** A probe's dot (kepler's units: about 11 pixels' radius at Madrid): room for a cluster's count written on it. */
export const probeRadius = 40;
/** A server cluster's dot: larger than a probe's, its count written on it. */
export const clusterRadius = 64;

/**
 * One layer per status present, in the order the states are listed (up to 500 probes in the area: the server sends
 * them one by one); probes close together at the map's zoom are one dot with their count (`countLabel` names it in the tooltip), apart again as the map zooms in.
 */
export function probeLayers(
  rows: readonly Pick<ProbeRow, 'probeId' | 'name' | 'status' | 'state' | 'operator' | 'lat' | 'lon'>[],
  labelOf: (status: string) => string,
  countLabel: string,
): PointLayer[] {
  const statuses = [...new Set(rows.map(shownStatus))].sort(byRank);
  return statuses.map((status) => ({
    id: `probes-${status.toLowerCase().replace(/\W+/g, '-')}`,
    label: labelOf(status),
    colour: statusColour(status),
    radius: probeRadius,
    cluster: { countLabel },
    points: rows
      .filter((row) => shownStatus(row) === status)
      .map((row) => ({
        lat: row.lat,
        lon: row.lon,
        details: { probe: row.probeId, name: row.name, status: labelOf(status), operator: row.operator },
      })),
  }));
}

const order = Object.keys(probeStatusColours);
const rank = (status: string) => (order.includes(status) ? order.indexOf(status) : order.length);
const byRank = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);

/**
 * The server's clusters (past 500 probes in the area): one layer per worst state, each cluster a dot at its probes'
 * centre with their count written on it and, in its tooltip, how many show each state.
 */
export function clusterLayers(
  clusters: readonly ClusterRow[],
  labelOf: (status: string) => string,
  countLabel: string,
): PointLayer[] {
  const worst = (cluster: ClusterRow) => cluster.worstState ?? '';
  const statuses = [...new Set(clusters.map(worst))].sort(byRank);
  return statuses.map((status) => ({
    id: `clusters-${status.toLowerCase().replace(/\W+/g, '-') || 'none'}`,
    label: labelOf(status),
    colour: statusColour(status),
    radius: clusterRadius,
    written: countLabel,
    points: clusters
      .filter((cluster) => worst(cluster) === status)
      .map((cluster) => ({
        lat: cluster.lat,
        lon: cluster.lon,
        details: {
          [countLabel]: String(cluster.count),
          ...Object.fromEntries(
            Object.keys(cluster.states)
              .sort(byRank)
              .map((state) => [labelOf(state), cluster.states[state] ?? 0]),
          ),
        },
      })),
  }));
}

/** The legend of what the map shows: each state's colour and how many probes in the area show it. */
export function legendOf(
  shown: { probes: readonly ProbeRow[]; clusters: readonly ClusterRow[] },
  labelOf: (status: string) => string,
): LegendEntry[] {
  const counts = new Map<string, number>();
  for (const probe of shown.probes) counts.set(shownStatus(probe), (counts.get(shownStatus(probe)) ?? 0) + 1);
  for (const cluster of shown.clusters)
    for (const [state, count] of Object.entries(cluster.states)) counts.set(state, (counts.get(state) ?? 0) + count);
  return [...counts.keys()]
    .sort(byRank)
    .map((state) => ({ label: labelOf(state), colour: statusColour(state), count: counts.get(state) ?? 0 }));
}
