import { type EntityEvent, emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { clusterEntity } from './cluster.entity.ts';

const spec = entitySpecification(clusterEntity);
const pngHead = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0));
const png = (padding: number) => `data:image/png;base64,${pngHead}${'A'.repeat(padding)}`;
const fields = {
  name: 'North',
  attributes: { country: 'Spain', provider: 'Movistar', technology: '5G', speedProfile: '1 Gbps', region: 'Galicia' },
  probes: [{ probeId: 'p1', start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' }],
  dateRanges: [],
  geoFilters: ['g1'],
};
const created: EntityEvent = { type: 'ClusterCreated', data: { id: 'k1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'k1',
  fields: { ...fields, ...changes },
});
const membership = (probeId: string, start: string, end?: string) => ({ probeId, start, ...(end ? { end } : {}) });

describe('cluster', () => {
  it('is created with its attributes, probes and geographic filters, owned by the creating profile', () =>
    spec.given([]).when(create({})).then([created]));

  it("refuses probes outside the acting profile's probes, when it restricts them", () => {
    spec
      .given([])
      .when(create({}), { allowedProbes: ['p1'] })
      .then([created]);
    spec
      .given([])
      .when(create({ probes: [membership('p1', '2026-01-01'), membership('p9', '2026-01-01')] }), {
        allowedProbes: ['p1'],
      })
      .thenFails('probes.notInProfile', { field: 'probes', probes: ['p9'] });
    // Probes already in the cluster stay, even if the profile no longer lists them.
    spec
      .given([created])
      .when({ type: 'update', id: 'k1', changes: { description: 'Renamed' } }, { allowedProbes: [] })
      .then([{ type: 'ClusterUpdated', data: { changes: { description: 'Renamed' } } }]);
  });

  it('takes a png or jpeg image of at most 1 MB and a #rrggbb colour', () => {
    spec
      .given([])
      .when(create({ image: png(4), colour: '#00AA11' }))
      .then([{ ...created, data: { ...created.data, fields: { ...fields, image: png(4), colour: '#00aa11' } } }]);
    spec
      .given([])
      .when(create({ image: png(Math.ceil((1024 * 1024) / 3) * 4) }))
      .thenFails('clusters.imageTooLarge', { fields: [{ field: 'image' }] });
    spec
      .given([])
      .when(create({ image: `data:image/gif;base64,${btoa('GIF89a')}` }))
      .thenFails('images.invalidType', { fields: [{ field: 'image' }] });
    spec
      .given([])
      .when(create({ colour: 'red' }))
      .thenFails('validation.invalidFormat', { fields: [{ field: 'colour' }] });
  });

  it('refuses overlapping date ranges of the same probe, listing them', () => {
    spec
      .given([])
      .when(
        create({
          probes: [...fields.probes, membership('p2', '2026-01-15'), membership('p1', '2026-01-31T23:00:00Z')],
        }),
      )
      .thenFails('clusters.dateRangesOverlap', { field: 'probes', overlaps: [{ probeId: 'p1', ranges: [0, 2] }] });
    spec
      .given([created])
      .when({ type: 'update', id: 'k1', changes: { probes: [...fields.probes, membership('p1', '2026-02-01')] } })
      .thenMatches([{ type: 'ClusterProbesChanged' }]);
  });

  it("names a change of its probes for auditors, with the probes' ids before and after", () => {
    const probes = [...fields.probes, membership('p2', '2026-02-01T00:00:00.000Z')];
    spec
      .given([created])
      .when({ type: 'update', id: 'k1', changes: { probes, description: 'Two probes' } })
      .then([
        {
          type: 'ClusterProbesChanged',
          data: {
            changes: { probes, description: 'Two probes' },
            intent: { before: { probes: ['p1'] }, after: { probes: ['p1', 'p2'] } },
          },
        },
      ]);
  });

  it('refuses a membership ending before it starts', () =>
    spec
      .given([])
      .when(create({ probes: [membership('p1', '2026-02-01', '2026-01-01')] }))
      .thenFails('validation.endBeforeStart', { fields: [{ field: 'probes.0.end' }] }));

  it('refuses overlapping cluster date ranges and an end date before the start date', () => {
    spec
      .given([])
      .when(create({ dateRanges: [{ start: '2026-01-01', end: '2026-03-01' }, { start: '2026-02-01' }] }))
      .thenFails('clusters.dateRangesOverlap', { field: 'dateRanges', overlaps: [{ ranges: [0, 1] }] });
    spec
      .given([])
      .when(create({ startDate: '2026-03-01', endDate: '2026-02-01' }))
      .thenFails('validation.endBeforeStart', { field: 'endDate' });
  });

  it('refuses a forbidden name whatever its case', () =>
    spec
      .given([])
      .when(create({ name: 'Rural' }), { settings: { forbiddenNames: ['RURAL'] } })
      .thenFails('clusters.forbiddenName', { field: 'name' }));

  it('refers to each of its geographic filters, which must exist, and lets go of those it drops', () => {
    const state = entityDecider(clusterEntity).evolve(emptyEntity, created);
    expect(entityConstraints(clusterEntity, emptyEntity, [created]).addReferences).toEqual([
      { to: 'geofilter-g1', missing: 'geofilters.notFound' },
    ]);
    const changed = entityConstraints(clusterEntity, state, [
      { type: 'ClusterUpdated', data: { changes: { geoFilters: ['g2', 'g2'] } } },
    ]);
    expect(changed).toMatchObject({
      addReferences: [{ to: 'geofilter-g2', missing: 'geofilters.notFound' }],
      removeReferences: [{ to: 'geofilter-g1' }],
    });
    expect(entityConstraints(clusterEntity, state, [{ type: 'ClusterDeleted', data: {} }])).toMatchObject({
      removeReferences: [{ to: 'geofilter-g1' }],
      markDeleted: true,
    });
  });

  it('can be deleted only by the profile that created it', () => {
    spec
      .given([created])
      .when({ type: 'delete', id: 'k1' }, { actor: { userId: 'user-2', profileId: 'profile-2' } })
      .thenFails('clusters.deleteNotOwner', { id: 'k1' });
    spec
      .given([created])
      .when({ type: 'delete', id: 'k1' })
      .then([{ type: 'ClusterDeleted', data: {} }]);
  });

  it('can be cloned under the name the route gives, owned by the cloning profile', () =>
    spec
      .given([])
      .when({
        type: 'clone',
        id: 'k2',
        source: { ...emptyEntity, status: 'active', id: 'k1', fields, owner: 'profile-2' },
        overrides: { name: 'North (copy)' },
      })
      .then([
        {
          type: 'ClusterCreated',
          data: { id: 'k2', fields: { ...fields, name: 'North (copy)' }, owner: 'profile-1', clonedFrom: 'k1' },
        },
      ]));

  it('claims its lower-cased name, which must be unique', () =>
    expect(entityConstraints(clusterEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'cluster-name', value: 'north', conflict: 'clusters.nameExists' },
    ]));
});
