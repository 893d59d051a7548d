import type { EntityEvent } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, it } from 'vitest';
import { userEntity } from './user.entity.ts';

const spec = entitySpecification(userEntity);
const created: EntityEvent = {
  type: 'UserCreated',
  data: { id: 'u1', fields: { email: 'ana@test.nq', profiles: ['p1', 'p2'], preferredLanguage: 'en' }, owner: 'admin' },
};
// What another administrator's command recorded after this one read the user: decisions start from the stream.
const concurrentlyAssigned = {
  type: 'UserProfilesAssigned',
  data: { changes: { profiles: ['p1', 'p2', 'p3'] }, intent: { profileIds: ['p3'] } },
};

describe('user', () => {
  it('is assigned profiles on top of those its stream holds, each once', () =>
    spec
      .given([created, concurrentlyAssigned])
      .when({ type: 'intent', intent: 'assignProfiles', id: 'u1', payload: { profileIds: ['p4', 'p1'] } })
      .then([
        {
          type: 'UserProfilesAssigned',
          data: { changes: { profiles: ['p1', 'p2', 'p3', 'p4'] }, intent: { profileIds: ['p4', 'p1'] } },
        },
      ]));

  it('has profiles withdrawn from those its stream holds; withdrawing one it lacks records nothing', () => {
    spec
      .given([created, concurrentlyAssigned])
      .when({ type: 'intent', intent: 'withdrawProfiles', id: 'u1', payload: { profileIds: ['p2'] } })
      .then([
        {
          type: 'UserProfilesWithdrawn',
          data: { changes: { profiles: ['p1', 'p3'] }, intent: { profileIds: ['p2'] } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'intent', intent: 'withdrawProfiles', id: 'u1', payload: { profileIds: ['p9'] } })
      .then([]);
  });

  it('refuses an empty assignment with its field code, and a deleted user', () => {
    spec
      .given([created])
      .when({ type: 'intent', intent: 'assignProfiles', id: 'u1', payload: { profileIds: [] } })
      .thenFails('validation.required', { fields: [{ field: 'profileIds' }] });
    spec
      .given([created, { type: 'UserDeleted', data: {} }])
      .when({ type: 'intent', intent: 'assignProfiles', id: 'u1', payload: { profileIds: ['p3'] } })
      .thenFails('resource.notFound');
  });

  it('names an edit of its profiles for auditors by the access it gives: widened, narrowed or changed', () => {
    const update = (changes: Record<string, unknown>) => ({ type: 'update' as const, id: 'u1', changes });
    spec
      .given([created])
      .when(update({ profiles: ['p1', 'p2', 'p3'], name: 'Ana' }))
      .then([
        {
          type: 'UserAccessWidened',
          data: {
            changes: { profiles: ['p1', 'p2', 'p3'], name: 'Ana' },
            intent: { before: { profiles: ['p1', 'p2'] }, after: { profiles: ['p1', 'p2', 'p3'] } },
          },
        },
      ]);
    spec
      .given([created])
      .when(update({ profiles: ['p2'] }))
      .thenMatches([{ type: 'UserAccessNarrowed' }]);
    spec
      .given([created])
      .when(update({ profiles: ['p1', 'p3'] }))
      .thenMatches([{ type: 'UserAccessChanged' }]);
    spec
      .given([created])
      .when(update({ name: 'Ana' }))
      .then([{ type: 'UserUpdated', data: { changes: { name: 'Ana' } } }]);
  });

  it('records its accesses and password changes as the platform sees them', () =>
    spec
      .given([created])
      .when({ type: 'intent', intent: 'recordAccess', id: 'u1', payload: { at: '2026-11-25T10:00:00.000Z' } })
      .then([
        {
          type: 'UserAccessRecorded',
          data: { changes: { lastAccess: '2026-11-25T10:00:00.000Z' }, intent: { at: '2026-11-25T10:00:00.000Z' } },
        },
      ]));
});
