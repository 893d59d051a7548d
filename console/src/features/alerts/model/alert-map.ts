import type { AlertGrouping } from '@nq/contracts/configuration/alert';
import type { MapPoint, PointLayer } from '../../maps/kepler/map-layers.ts';
import type { AlertHistoryEntry } from '../api/alerts-api.ts';
import { type ShownState, shownStateOf, shownStates, stateColours } from './alert-state.ts';

/** A group of an alert as its latest history entry says. */
export interface AlertGroupOnMap {
  alertName: string;
  kind: AlertGrouping;
  id: string;
  label: string;
  state: ShownState;
}

export const groupsOf = (latest: readonly AlertHistoryEntry[]): AlertGroupOnMap[] =>
  latest.map((entry) => ({
    alertName: entry.alertName,
    kind: entry.group.kind,
    id: entry.group.id,
    label: entry.group.label ?? entry.group.id,
    state: shownStateOf(entry.state),
  }));

export interface GroupLocator {
  /** Where each located probe is. */
  positions: ReadonlyMap<string, { lat: number; lon: number }>;
  /** The probes of a campaign or universe group (a probe group is its own probe). */
  membersOf: (kind: AlertGrouping, id: string) => readonly string[];
}

export interface GroupLayerTexts {
  state: (state: ShownState) => string;
  detail: { alert: string; group: string; state: string; probe: string };
  kind: (kind: AlertGrouping) => string;
}

/**
 * One layer per state present (firing, no data, ok), each point a located probe of a group in that state; the groups
 * none of whose probes is located are listed aside.
 */
export function alertGroupLayers(groups: readonly AlertGroupOnMap[], locator: GroupLocator, texts: GroupLayerTexts) {
  const pointsByState = new Map<ShownState, MapPoint[]>();
  const unlocated: AlertGroupOnMap[] = [];
  for (const group of groups) {
    const probes = group.kind === 'probe' ? [group.id] : locator.membersOf(group.kind, group.id);
    const located = probes.flatMap((probe) => {
      const position = locator.positions.get(probe);
      return position ? [{ probe, ...position }] : [];
    });
    if (located.length === 0) {
      unlocated.push(group);
      continue;
    }
    const points = pointsByState.get(group.state) ?? [];
    for (const { probe, lat, lon } of located)
      points.push({
        lat,
        lon,
        details: {
          [texts.detail.alert]: group.alertName,
          [texts.detail.group]: `${texts.kind(group.kind)}: ${group.label}`,
          [texts.detail.state]: texts.state(group.state),
          [texts.detail.probe]: probe,
        },
      });
    pointsByState.set(group.state, points);
  }
  const layers: PointLayer[] = shownStates
    .filter((state) => pointsByState.has(state))
    .map((state) => ({
      id: `alert-groups-${state}`,
      label: texts.state(state),
      colour: stateColours[state],
      radius: 30,
      points: pointsByState.get(state) ?? [],
    }));
  return { layers, unlocated };
}
