import { type Profile, profileFieldsSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { intersect, refuseOutsideDates, scopeOf } from './data-scope.ts';

const profile = (fields: Record<string, unknown> = {}): Profile => ({
  ...profileFieldsSchema.parse({ name: 'Analysts', ...fields }),
  id: 'p1',
});

describe('data scope of a profile', () => {
  it('restricts to what the profile lists, nothing where it lists nothing, every technology for isGod', () => {
    const scope = scopeOf(
      profile({ technologies: [4, 5], campaigns: [{ id: 'c1' }], tsStart: '2026-01-01T00:00:00Z' }),
    );
    expect(scope).toEqual({ technologies: [4, 5], campaigns: ['c1'], from: '2026-01-01T00:00:00.000Z' });
    expect(scopeOf(profile({ isGod: true })).technologies).toHaveLength(10);
  });

  it('restricts to its campaigns, or to its clusters when it uses clusters: never to both', () => {
    const both = { campaigns: [{ id: 'c1' }], clusters: ['k1'] };
    expect(scopeOf(profile(both))).toEqual({ campaigns: ['c1'] });
    expect(scopeOf(profile({ ...both, useClusters: true }))).toEqual({ clusters: ['k1'] });
    expect(scopeOf(profile({ clusters: ['k1'] }))).toEqual({});
  });

  it('intersects a request with what is allowed', () => {
    expect(intersect([4, 5, 98], [4, 5])).toEqual([4, 5]);
    expect(intersect(undefined, [4, 5])).toEqual([4, 5]);
    expect(intersect([98], [4, 5])).toEqual([]);
    expect(intersect([98], undefined)).toEqual([98]);
  });

  it('refuses dates outside the profile range with the catalogue error', () => {
    const scope = { from: '2026-01-01T00:00:00Z', to: '2026-06-30T23:59:59Z' };
    expect(() => refuseOutsideDates(scope, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z')).not.toThrow();
    for (const [from, to] of [
      ['2025-12-31T00:00:00Z', '2026-03-01T00:00:00Z'],
      ['2026-02-01T00:00:00Z', '2026-07-01T00:00:00Z'],
      ['2026-08-01T00:00:00Z', undefined],
    ])
      expect(() => refuseOutsideDates(scope, from, to)).toThrow(
        expect.objectContaining({ code: 'profiles.outOfDateLimits' }),
      );
    expect(() => refuseOutsideDates(scope, '2025-01-01', undefined, 'scorecards.outOfProfileDateLimits')).toThrow(
      expect.objectContaining({ code: 'scorecards.outOfProfileDateLimits' }),
    );
  });
});
