import type { Profile } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import type { Viewer } from './viewer.ts';
import { privateToOwner } from './visibility.ts';

const viewer = (profile: Partial<Profile>, profileId = 'p1'): Viewer =>
  ({
    userId: 'u1',
    email: 'u@test.nq',
    userProfiles: [profileId],
    profileId,
    profile: { clusters: [], ...profile },
    credential: {},
  }) as unknown as Viewer;

describe('visibility of private entities', () => {
  const clusters = privateToOwner({ byProfile: (v) => v.profile.clusters });
  const tags = privateToOwner({ profilesField: 'profiles' });

  it('lets the owner, the granted profiles and isGod see an entity, and nobody else', () => {
    const cluster = { id: 'c1', owner: 'p1' };
    expect(clusters.sees(viewer({}), cluster)).toBe(true);
    expect(clusters.sees(viewer({}, 'p2'), cluster)).toBe(false);
    expect(clusters.sees(viewer({ clusters: ['c1'] }, 'p2'), cluster)).toBe(true);
    expect(clusters.sees(viewer({ isGod: true }, 'p2'), cluster)).toBe(true);
    expect(tags.sees(viewer({}, 'p3'), { id: 't1', owner: 'p1', profiles: ['p3'] })).toBe(true);
  });

  it('filters lists the same way', () => {
    expect(clusters.listFilters(viewer({ clusters: ['c9'] }))).toEqual([
      {
        anyOf: [
          { field: 'owner', equals: 'p1' },
          { field: 'id', in: ['c9'] },
        ],
      },
    ]);
    expect(clusters.listFilters(viewer({ isGod: true }))).toEqual([]);
    expect(tags.listFilters(viewer({}))).toEqual([
      {
        anyOf: [
          { field: 'owner', equals: 'p1' },
          { field: 'profiles', equals: 'p1' },
        ],
      },
    ]);
  });
});
