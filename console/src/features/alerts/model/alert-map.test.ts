import { describe, expect, it } from 'vitest';
import { type AlertGroupOnMap, alertGroupLayers } from './alert-map.ts';

const texts = {
  state: (state: string) => state.toUpperCase(),
  detail: { alert: 'Alert', group: 'Group', state: 'State', probe: 'Probe' },
  kind: (kind: string) => kind,
};
const group = (changes: Partial<AlertGroupOnMap>): AlertGroupOnMap => ({
  alertName: 'Madrid latency',
  kind: 'probe',
  id: 'p1',
  label: 'p1',
  state: 'ok',
  ...changes,
});

describe('alert groups on the map', () => {
  const locator = {
    positions: new Map([
      ['p1', { lat: 40.4, lon: -3.7 }],
      ['p2', { lat: 40.5, lon: -3.6 }],
    ]),
    membersOf: (_kind: string, id: string) => (id === 'madrid' ? ['p2', 'p9'] : []),
  };

  it('places a probe group at its probe and a campaign group at each of its located probes, coloured by state', () => {
    const { layers, unlocated } = alertGroupLayers(
      [group({ state: 'ok' }), group({ kind: 'campaign', id: 'madrid', label: 'Madrid', state: 'firing' })],
      locator,
      texts,
    );
    expect(layers.map((layer) => [layer.label, layer.colour, layer.points.length])).toEqual([
      ['FIRING', '#dc2626', 1],
      ['OK', '#16a34a', 1],
    ]);
    expect(layers[0]?.points[0]).toEqual({
      lat: 40.5,
      lon: -3.6,
      details: { Alert: 'Madrid latency', Group: 'campaign: Madrid', State: 'FIRING', Probe: 'p2' },
    });
    expect(unlocated).toEqual([]);
  });

  it('lists aside a group none of whose probes is located', () => {
    const { layers, unlocated } = alertGroupLayers(
      [group({ id: 'p7', label: 'p7' }), group({ kind: 'universe', id: 'empty', label: 'Empty', state: 'noData' })],
      locator,
      texts,
    );
    expect(layers).toEqual([]);
    expect(unlocated.map((shown) => shown.label)).toEqual(['p7', 'Empty']);
  });
});
