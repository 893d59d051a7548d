import type { EntityEvent } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, it } from 'vitest';
import { probeEntity } from './probe.entity.ts';

const spec = entitySpecification(probeEntity);
const created: EntityEvent = {
  type: 'ProbeCreated',
  data: {
    id: 'p1',
    fields: probeEntity.schema.parse({
      probeId: 'p1',
      name: 'Probe p1',
      family: 'Cube',
      type: 'landline',
      cluster: 'k1',
      campaign: 'c1',
    }),
    owner: 'profile-1',
  },
};
const update = (changes: Record<string, unknown>) => ({ type: 'update' as const, id: 'p1', changes });

describe('probe, named for auditors', () => {
  it('moves between clusters, from the one it was in to the one it is in', () =>
    spec
      .given([created])
      .when(update({ cluster: 'k2', town: 'Lugo' }))
      .then([
        {
          type: 'ProbeMovedBetweenClusters',
          data: {
            changes: { cluster: 'k2', town: 'Lugo' },
            intent: { before: { cluster: 'k1' }, after: { cluster: 'k2' } },
          },
        },
      ]));

  it('moves into a universe it was in none of, and out of its campaign', () => {
    spec
      .given([created])
      .when(update({ universe: 'u1' }))
      .then([
        {
          type: 'ProbeMovedBetweenUniverses',
          data: { changes: { universe: 'u1' }, intent: { before: { universe: null }, after: { universe: 'u1' } } },
        },
      ]);
    spec
      .given([created])
      .when(update({ campaign: null }))
      .then([
        {
          type: 'ProbeMovedBetweenCampaigns',
          data: { changes: { campaign: null }, intent: { before: { campaign: 'c1' }, after: { campaign: null } } },
        },
      ]);
  });

  it('is changed, not moved, when an edit leaves where it counts', () =>
    spec
      .given([created])
      .when(update({ town: 'Lugo' }))
      .then([{ type: 'ProbeUpdated', data: { changes: { town: 'Lugo' } } }]));
});
