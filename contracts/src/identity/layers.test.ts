import { describe, expect, it } from 'vitest';
import { landingLayer, reachesLayer } from './layers.ts';

describe('layers', () => {
  it("reaches a screen through its own layer or its parent's", () => {
    expect(reachesLayer([{ id: 'tools' }], 'tools/providers-management')).toBe(true);
    expect(reachesLayer([{ id: 'tools/probes_status' }], 'tools/providers-management')).toBe(false);
    expect(reachesLayer([{ id: 'maps' }], 'maps')).toBe(true);
    expect(reachesLayer([], 'maps')).toBe(false);
  });

  it('lands on the storyboard when granted, else on the start page, else on the first layer', () => {
    expect(landingLayer({ layers: [{ id: 'maps' }, { id: 'storyboard' }], startPage: 'evolution' })).toBe('storyboard');
    expect(landingLayer({ layers: [{ id: 'maps' }], startPage: 'evolution' })).toBe('evolution');
    expect(landingLayer({ layers: [{ id: 'maps' }, { id: 'evolution' }] })).toBe('maps');
  });
});
