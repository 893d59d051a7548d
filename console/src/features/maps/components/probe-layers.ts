import type { ProbeRow } from '../api/probes-map.ts';
import { type MapView, madrid, type PointLayer, viewOf } from '../kepler/map-layers.ts';

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

/**
 * One layer per status present, in the order the states are listed, located probes only; probes close together at the
 * map's zoom are one dot with their count (`countLabel` names it in the tooltip), apart again as the map zooms in.
 */
export function probeLayers(
  rows: readonly ProbeRow[],
  labelOf: (status: string) => string,
  countLabel: string,
): PointLayer[] {
  const located = rows.filter((row) => row.lat !== null && row.lon !== null);
  const statuses = [...new Set(located.map(shownStatus))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return statuses.map((status) => ({
    id: `probes-${status.toLowerCase().replace(/\W+/g, '-')}`,
    label: labelOf(status),
    colour: statusColour(status),
    radius: probeRadius,
    cluster: { countLabel },
    points: located
      .filter((row) => shownStatus(row) === status)
      .map((row) => ({
        lat: row.lat as number,
        lon: row.lon as number,
        details: { probe: row.probeId, name: row.name, status: labelOf(status), operator: row.operator },
      })),
  }));
}

const order = Object.keys(probeStatusColours);
const rank = (status: string) => (order.includes(status) ? order.indexOf(status) : order.length);

export const probesView = (layers: readonly PointLayer[]): MapView =>
  viewOf(
    layers.flatMap((layer) => layer.points),
    madrid,
  );
