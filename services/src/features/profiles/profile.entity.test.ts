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
});
