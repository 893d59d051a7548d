import { type EntityEvent, emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { tagEntity } from './tag.entity.ts';

const spec = entitySpecification(tagEntity);
const created: EntityEvent = {
  type: 'TagCreated',
  data: { id: 't1', fields: { name: 'Fibre', profiles: [] }, owner: 'profile-1' },
};

describe('tag', () => {
  it('is created with its name and profiles, owned by the creating profile', () =>
    spec
      .given([])
      .when({ type: 'create', id: 't1', fields: { name: ' Fibre ' } })
      .then([created]));

  it('refuses an empty name with the field and catalogue code', () =>
    spec
      .given([])
      .when({ type: 'create', id: 't1', fields: { name: '' } })
      .thenFails('validation.required', { fields: [{ field: 'name' }] }));

  it('records only what changed, and nothing when nothing did', () => {
    spec
      .given([created])
      .when({ type: 'update', id: 't1', changes: { name: 'Fibre', profiles: ['p2'] } })
      .then([{ type: 'TagUpdated', data: { changes: { profiles: ['p2'] } } }]);
    spec
      .given([created])
      .when({ type: 'update', id: 't1', changes: { name: 'Fibre' } })
      .then([]);
  });

  it('cannot be changed or deleted once deleted', () => {
    const deleted: EntityEvent = { type: 'TagDeleted', data: {} };
    spec
      .given([created, deleted])
      .when({ type: 'update', id: 't1', changes: { name: 'x' } })
      .thenFails('resource.notFound');
    spec.given([created, deleted]).when({ type: 'delete', id: 't1' }).thenFails('resource.notFound');
  });

  it('claims its lower-cased name, swaps it on rename and releases it on deletion', () => {
    const decider = entityDecider(tagEntity);
    const state = decider.evolve(emptyEntity, created);
    expect(entityConstraints(tagEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'tag-name', value: 'fibre', conflict: 'tags.nameExists' },
    ]);
    const renamed = entityConstraints(tagEntity, state, [{ type: 'TagUpdated', data: { changes: { name: 'FTTH' } } }]);
    expect(renamed).toMatchObject({ claim: [{ value: 'ftth' }], release: [{ scope: 'tag-name', value: 'fibre' }] });
    expect(entityConstraints(tagEntity, state, [{ type: 'TagDeleted', data: {} }])).toMatchObject({
      release: [{ value: 'fibre' }],
      markDeleted: true,
    });
  });
});
