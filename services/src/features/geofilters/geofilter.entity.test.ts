import { type EntityEvent, emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification, testRuleContext } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { geofilterEntity } from './geofilter.entity.ts';

const spec = entitySpecification(geofilterEntity);
const polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.1, 41.3],
      [2.3, 41.3],
      [2.3, 41.5],
      [2.1, 41.5],
      [2.1, 41.3],
    ],
  ],
};
const fields = {
  name: 'Barcelona',
  polygon: { ...polygon, center: [2.2, 41.4], size: JSON.stringify(polygon).length },
  special: false,
};
const created: EntityEvent = { type: 'GeofilterCreated', data: { id: 'g1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'g1',
  fields: { name: 'Barcelona', polygon: { type: 'Feature', geometry: polygon }, ...changes },
});

describe('geographic filter', () => {
  it('is created from a GeoJSON upload, with its centre and size, not special by default', () =>
    spec.given([]).when(create({})).then([created]));

  it('needs a polygon', () =>
    spec
      .given([])
      .when(create({ polygon: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'polygon' }] }));

  it('applies the GeoJSON rules to the polygon', () => {
    spec
      .given([])
      .when(create({ polygon: { type: 'Polygon', coordinates: [polygon.coordinates[0], polygon.coordinates[0]] } }))
      .thenFails('geojson.singleCoordinatesArray', { fields: [{ field: 'polygon.coordinates' }] });
    spec
      .given([])
      .when(create({ polygon: { type: 'FeatureCollection', features: [] } }))
      .thenFails('geojson.noFeatures', { fields: [{ field: 'polygon' }] });
  });

  it('refuses a polygon over the size limit with the limit in the details', () => {
    const tooBig = { ...fields, polygon: { ...fields.polygon, size: 10_000_001 } };
    expect(() => geofilterEntity.rules(tooBig as never, testRuleContext, undefined)).toThrowError(
      expect.objectContaining({ code: 'geojson.polygonTooBig', details: expect.objectContaining({ unit: 'bytes' }) }),
    );
  });

  it('refuses a forbidden name whatever its case', () =>
    spec
      .given([])
      .when(create({ name: 'None' }))
      .thenFails('geofilters.forbiddenName', { field: 'name' }));

  it('can be cloned under another name', () =>
    spec
      .given([])
      .when({
        type: 'clone',
        id: 'g2',
        source: { ...emptyEntity, status: 'active', id: 'g1', fields, owner: 'profile-1' },
        overrides: { name: 'BCN' },
      })
      .then([
        {
          type: 'GeofilterCreated',
          data: { id: 'g2', fields: { ...fields, name: 'BCN' }, owner: 'profile-1', clonedFrom: 'g1' },
        },
      ]));

  it('claims its lower-cased name, which must be unique', () =>
    expect(entityConstraints(geofilterEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'geofilter-name', value: 'barcelona', conflict: 'geofilters.nameExists' },
    ]));

  it('cannot be deleted while a cluster refers to it', () => {
    const state = entityDecider(geofilterEntity).evolve(emptyEntity, created);
    expect(entityConstraints(geofilterEntity, state, [{ type: 'GeofilterDeleted', data: {} }])).toMatchObject({
      markDeleted: true,
      refuseIfReferenced: 'geofilters.inUse',
      release: [{ scope: 'geofilter-name', value: 'barcelona' }],
    });
  });
});
