import { describe, expect, it } from 'vitest';
import type { ClusterRow, ProbeRow } from '../api/probes-map.ts';
import {
  clusterLayers,
  legendOf,
  otherStatusColour,
  probeLayers,
  probeStatusColours,
  shownStatus,
} from './probe-layers.ts';

const probe = (probeId: string, status: string, state: string | null): ProbeRow => ({
  kind: 'probe',
  probeId,
  name: probeId,
  type: 'landline',
  status,
  state,
  lastReportAt: null,
  technology: null,
  operator: 'Movistar',
  battery: null,
  lat: 40.4,
  lon: -3.7,
});

const cluster = (tile: string, states: Record<string, number>, worstState: string): ClusterRow => ({
  kind: 'cluster',
  tile,
  count: Object.values(states).reduce((sum, count) => sum + count, 0),
  worstState,
  states,
  lat: 40.4,
  lon: -3.7,
});

describe('probe map layers', () => {
  it('shows what a probe last reported, else its configured status', () => {
    expect(shownStatus(probe('a', 'Available', 'Not ready'))).toBe('Not ready');
    expect(shownStatus(probe('a', 'Available', null))).toBe('Available');
  });

  it('makes one layer per status in the order of the states, in the status colour', () => {
    const layers = probeLayers(
      [
        probe('a', 'Available', 'Not available'),
        probe('b', 'Ready', null),
        probe('c', 'Available', null),
        probe('e', 'Odd', null),
      ],
      (status) => `#${status}`,
      'Probes here',
    );
    expect(layers.map((layer) => [layer.label, layer.colour, layer.points.length])).toEqual([
      ['#Available', probeStatusColours.Available, 1],
      ['#Ready', probeStatusColours.Ready, 1],
      ['#Not available', probeStatusColours['Not available'], 1],
      ['#Odd', otherStatusColour, 1],
    ]);
    expect(layers[0]?.points[0]?.details).toMatchObject({ probe: 'c', status: '#Available' });
    // Probes close together at the map's zoom are one dot with their count, named so in its tooltip.
    expect(layers.every((layer) => layer.cluster?.countLabel === 'Probes here')).toBe(true);
  });

  it("draws the server's clusters in their worst state with their count written on them, never clustered again", () => {
    const layers = clusterLayers(
      [
        cluster('9/250/193', { Available: 40, 'Not ready': 2 }, 'Not ready'),
        cluster('9/251/193', { Available: 7 }, 'Available'),
      ],
      (status) => `#${status}`,
      'Probes here',
    );
    expect(layers.map((layer) => [layer.label, layer.colour, layer.points.length, layer.written])).toEqual([
      ['#Available', probeStatusColours.Available, 1, 'Probes here'],
      ['#Not ready', probeStatusColours['Not ready'], 1, 'Probes here'],
    ]);
    expect(layers.every((layer) => layer.cluster === undefined)).toBe(true);
    expect(layers[1]?.points[0]?.details).toEqual({ 'Probes here': '42', '#Available': 40, '#Not ready': 2 });
  });

  it('counts in the legend every probe shown by its state, in clusters or one by one', () => {
    expect(
      legendOf(
        {
          probes: [probe('a', 'Available', 'Ready')],
          clusters: [cluster('9/250/193', { Available: 40, Ready: 2 }, 'Ready')],
        },
        (status) => status,
      ),
    ).toEqual([
      { label: 'Available', colour: probeStatusColours.Available, count: 40 },
      { label: 'Ready', colour: probeStatusColours.Ready, count: 3 },
    ]);
  });
});
