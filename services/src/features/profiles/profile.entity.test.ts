import { profileFieldsSchema } from '@nq/contracts';
import type { EntityEvent } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, it } from 'vitest';
import { profileEntity } from './profile.entity.ts';

const spec = entitySpecification(profileEntity);
const kpi = (id: string, fringes: number[]) => ({ id, fringes, inverse: false });
const created: EntityEvent = {
  type: 'ProfileCreated',
  data: {
    id: 'p1',
    fields: { name: 'Analysts', kpis: [kpi('download', [0, 1, 2]), kpi('upload', [0, 1, 2])] },
    owner: 'admin',
  },
};

describe('profile', () => {
  it("changes one KPI's fringes from the KPIs its stream holds, keeping a concurrent change of another", () =>
    spec
      .given([
        created,
        {
          type: 'ProfileKpiFringesChanged',
          data: {
            changes: { kpis: [kpi('download', [0, 1, 2]), kpi('upload', [2])] },
            intent: { kpi: 'upload', fringes: [2] },
          },
        },
      ])
      .when({ type: 'intent', intent: 'changeKpiFringes', id: 'p1', payload: { kpi: 'download', fringes: [0] } })
      .thenMatches([
        {
          type: 'ProfileKpiFringesChanged',
          data: {
            changes: { kpis: [kpi('download', [0]), kpi('upload', [2])] },
            intent: { kpi: 'download', fringes: [0] },
          },
        },
      ]));

  it('refuses a KPI the profile does not have, and a fringe that is not one', () => {
    spec
      .given([created])
      .when({ type: 'intent', intent: 'changeKpiFringes', id: 'p1', payload: { kpi: 'jitter', fringes: [0] } })
      .thenFails('resource.notFound');
    spec
      .given([created])
      .when({ type: 'intent', intent: 'changeKpiFringes', id: 'p1', payload: { kpi: 'download', fringes: [7] } })
      .thenFails('validation.invalidOption');
  });

  describe('named for auditors', () => {
    const update = (changes: Record<string, unknown>) => ({ type: 'update' as const, id: 'p1', changes });
    const restricted: EntityEvent = {
      type: 'ProfileCreated',
      data: {
        id: 'p1',
        fields: profileFieldsSchema.parse({
          name: 'Analysts',
          layers: [{ id: 'maps' }],
          clusters: ['k1'],
          tsStart: '2026-01-01T00:00:00.000Z',
        }),
        owner: 'admin',
      },
    };

    it('widens its access with a screen, administration, isGod or API access; narrows it taking one away', () => {
      spec
        .given([restricted])
        .when(update({ layers: [{ id: 'maps' }, { id: 'evolution' }] }))
        .then([
          {
            type: 'ProfileAccessWidened',
            data: {
              changes: {
                layers: [
                  { id: 'maps', groups: [] },
                  { id: 'evolution', groups: [] },
                ],
              },
              intent: {
                before: { layers: [{ id: 'maps', groups: [] }] },
                after: {
                  layers: [
                    { id: 'maps', groups: [] },
                    { id: 'evolution', groups: [] },
                  ],
                },
              },
            },
          },
        ]);
      for (const changes of [{ rol: 'admin' }, { isGod: true }, { apiAccess: true }])
        spec
          .given([restricted])
          .when(update(changes))
          .thenMatches([{ type: 'ProfileAccessWidened' }]);
      spec
        .given([restricted])
        .when(update({ layers: [] }))
        .thenMatches([{ type: 'ProfileAccessNarrowed' }]);
      spec
        .given([restricted])
        .when(update({ layers: [{ id: 'evolution' }], apiAccess: true }))
        .thenMatches([{ type: 'ProfileAccessChanged' }]);
      spec
        .given([restricted])
        .when(update({ layers: [{ id: 'maps', groups: ['Radio'] }] }))
        .thenMatches([{ type: 'ProfileAccessChanged' }]);
    });

    it('widens its scope lifting a restriction, and narrows it restricting more, an empty list restricting nothing', () => {
      spec
        .given([restricted])
        .when(update({ clusters: [] }))
        .then([
          {
            type: 'ProfileScopeWidened',
            data: { changes: { clusters: [] }, intent: { before: { clusters: ['k1'] }, after: { clusters: [] } } },
          },
        ]);
      spec
        .given([restricted])
        .when(update({ clusters: ['k1', 'k2'], tsStart: '2025-06-01T00:00:00.000Z' }))
        .thenMatches([{ type: 'ProfileScopeWidened' }]);
      spec
        .given([restricted])
        .when(update({ probes: ['p9'] }))
        .thenMatches([{ type: 'ProfileScopeNarrowed' }]);
      spec
        .given([restricted])
        .when(update({ tsEnd: '2026-12-31T00:00:00.000Z' }))
        .thenMatches([{ type: 'ProfileScopeNarrowed' }]);
      spec
        .given([restricted])
        .when(update({ clusters: ['k2'] }))
        .thenMatches([{ type: 'ProfileScopeChanged' }]);
    });

    it('names its access first when an edit changes both, and leaves other edits plain updates', () => {
      spec
        .given([restricted])
        .when(update({ isGod: true, clusters: [] }))
        .then([
          {
            type: 'ProfileAccessWidened',
            data: {
              changes: { isGod: true, clusters: [] },
              intent: { before: { isGod: false }, after: { isGod: true } },
            },
          },
        ]);
      spec
        .given([restricted])
        .when(update({ name: 'Senior analysts' }))
        .then([{ type: 'ProfileUpdated', data: { changes: { name: 'Senior analysts' } } }]);
    });
  });
});
