import { describe, expect, it } from 'vitest';
import { landingLayer, layerSchema, reachesLayer } from './layers.ts';

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

  it('takes a link on any layer, and requires one on the menu entries without a screen here', () => {
    expect(layerSchema.parse({ id: 'trains', url: 'https://trains.example.org' })).toMatchObject({ id: 'trains' });
    expect(layerSchema.parse({ id: 'maps', url: 'http://legacy.example.org/maps' }).url).toBe(
      'http://legacy.example.org/maps',
    );
    const issues = (input: unknown) =>
      layerSchema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
    expect(issues({ id: 'database' })).toEqual([{ path: ['url'], message: 'profiles.layerNeedsLink' }]);
    expect(issues({ id: 'maps', url: 'javascript:alert(1)' })).toEqual([
      { path: ['url'], message: 'profiles.layerLinkInvalid' },
    ]);
  });
});
