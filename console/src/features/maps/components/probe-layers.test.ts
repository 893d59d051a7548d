import { describe, expect, it } from 'vitest';
import type { ProbeRow } from '../api/probes-map.ts';
import { otherStatusColour, probeLayers, probeStatusColours, shownStatus } from './probe-layers.ts';

const probe = (probeId: string, status: string, state: string | null, located = true): ProbeRow => ({
  probeId,
  name: probeId,
  type: 'landline',
  status,
  state,
  lastReportAt: null,
  technology: null,
  operator: 'Movistar',
  battery: null,
  lat: located ? 40.4 : null,
  lon: located ? -3.7 : null,
});

describe('probe map layers', () => {
  it('shows what a probe last reported, else its configured status', () => {
    expect(shownStatus(probe('a', 'Available', 'Not ready'))).toBe('Not ready');
    expect(shownStatus(probe('a', 'Available', null))).toBe('Available');
  });

  it('makes one layer per status in the order of the states, located probes only, in the status colour', () => {
    const layers = probeLayers(
      [
        probe('a', 'Available', 'Not available'),
        probe('b', 'Ready', null),
        probe('c', 'Available', null),
        probe('d', 'Available', null, false),
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
});
