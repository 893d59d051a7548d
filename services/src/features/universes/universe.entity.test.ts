import { type EntityEvent, emptyEntity, entityConstraints } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { universeEntity } from './universe.entity.ts';

const spec = entitySpecification(universeEntity);
const jpegHead = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 0, 0));
const jpeg = (padding: number) => `data:image/jpeg;base64,${jpegHead}${'A'.repeat(padding)}`;
const fields = {
  name: 'Fibre homes',
  description: 'Homes with fibre',
  colour: '#112233',
  attributes: { country: 'Spain', speed: '600 Mbps', technology: 'FTTH' },
  probes: [
    { probeId: 'p1', start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T20:00:00.000Z' },
    { probeId: 'p1', start: '2026-01-01T20:00:00.000Z' },
  ],
};
const created: EntityEvent = { type: 'UniverseCreated', data: { id: 'u1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'u1',
  fields: { ...fields, ...changes },
});

describe('universe', () => {
  it('is created with its attributes and probes, back-to-back ranges of one probe included', () =>
    spec.given([]).when(create({})).then([created]));

  it('takes a logo of at most 500 KB', () => {
    spec
      .given([])
      .when(create({ logo: jpeg(8) }))
      .then([{ ...created, data: { ...created.data, fields: { ...fields, logo: jpeg(8) } } }]);
    spec
      .given([])
      .when(create({ logo: jpeg(Math.ceil((500 * 1024) / 3) * 4) }))
      .thenFails('universes.logoTooLarge', { fields: [{ field: 'logo' }] });
  });

  it('refuses overlapping date and hour ranges of the same probe', () =>
    spec
      .given([created])
      .when({
        type: 'update',
        id: 'u1',
        changes: {
          probes: [
            ...fields.probes,
            { probeId: 'p1', start: '2026-01-01T19:59:00+00:00', end: '2026-01-01T20:00:00Z' },
          ],
        },
      })
      .thenFails('universes.dateRangesOverlap', { field: 'probes', overlaps: [{ probeId: 'p1', ranges: [0, 2] }] }));

  it("names a change of its probes for auditors, with the probes' ids before and after, and not a renaming", () => {
    const probes = [{ probeId: 'p2', start: '2026-01-02T00:00:00.000Z' }];
    spec
      .given([created])
      .when({ type: 'update', id: 'u1', changes: { probes } })
      .then([
        {
          type: 'UniverseProbesChanged',
          data: { changes: { probes }, intent: { before: { probes: ['p1'] }, after: { probes: ['p2'] } } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'update', id: 'u1', changes: { name: 'Fibre' } })
      .then([{ type: 'UniverseUpdated', data: { changes: { name: 'Fibre' } } }]);
  });

  it('refuses a forbidden name whatever its case', () =>
    spec
      .given([])
      .when(create({ name: 'All' }))
      .thenFails('universes.forbiddenName', { field: 'name' }));

  it('needs a name', () =>
    spec
      .given([])
      .when(create({ name: '' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] }));

  it('is not cloneable', () =>
    spec
      .given([])
      .when({
        type: 'clone',
        id: 'u2',
        source: { ...emptyEntity, status: 'active', id: 'u1', fields, owner: 'profile-1' },
        overrides: {},
      })
      .thenFails('resource.notFound'));

  it('claims its lower-cased name, which must be unique', () =>
    expect(entityConstraints(universeEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'universe-name', value: 'fibre homes', conflict: 'universes.nameExists' },
    ]));
});
