import { polygonSizeLimit } from '@nq/contracts';
import { type EntityEvent, emptyEntity, entityConstraints } from '@nq/platform/entities/entity-decider';
import { entitySpecification, testRuleContext } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { campaignEntity } from './campaign.entity.ts';

const spec = entitySpecification(campaignEntity);
const ring = [
  [-3.8, 40.3],
  [-3.6, 40.3],
  [-3.6, 40.5],
  [-3.8, 40.5],
  [-3.8, 40.3],
];
const polygon = { type: 'Polygon', coordinates: [ring] };
const measured = { ...polygon, center: [-3.7, 40.4], size: JSON.stringify(polygon).length };
const fields = {
  name: 'Madrid 2026',
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-12-31T23:59:59.000Z',
  special: false,
};
const created: EntityEvent = { type: 'CampaignCreated', data: { id: 'c1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'c1',
  fields: { ...fields, ...changes },
});
const forbidding = (...forbiddenNames: string[]) => ({ settings: { forbiddenNames } });

describe('campaign', () => {
  it('is created with its limit dates normalised to UTC, not special by default, owned by the creating profile', () =>
    spec
      .given([])
      .when(create({ startDate: '2026-01-01T01:00:00+01:00', endDate: '2026-12-31T23:59:59Z', special: undefined }))
      .then([created]));

  it('stores the GeoJSON upload as its polygon with the centre and size derived from it, whatever the client says', () =>
    spec
      .given([])
      .when(
        create({
          polygon: {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', geometry: { ...polygon, center: [0, 0] } }],
          },
        }),
      )
      .then([{ ...created, data: { ...created.data, fields: { ...fields, polygon: measured } } }]));

  it('needs a name', () => {
    spec
      .given([])
      .when(create({ name: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'name' }] });
    spec
      .given([])
      .when(create({ name: ' ' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] });
  });

  it('refuses a forbidden name whatever its case, on creation and on rename', () => {
    spec
      .given([])
      .when(create({ name: 'TOTAL' }))
      .thenFails('campaigns.forbiddenName', { field: 'name' });
    spec
      .given([created])
      .when({ type: 'update', id: 'c1', changes: { name: 'madrid' } }, forbidding('Madrid'))
      .thenFails('campaigns.forbiddenName', { field: 'name' });
  });

  it('keeps a campaign editable when its existing name was forbidden later', () =>
    spec
      .given([created])
      .when({ type: 'update', id: 'c1', changes: { special: true } }, forbidding('madrid 2026'))
      .then([{ type: 'CampaignUpdated', data: { changes: { special: true } } }]));

  it('needs ISO dates', () => {
    spec
      .given([])
      .when(create({ startDate: '01/01/2026' }))
      .thenFails('validation.invalidDate', { fields: [{ field: 'startDate' }] });
    spec
      .given([])
      .when(create({ startDate: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'startDate' }] });
  });

  it('refuses an end date before the start date, and accepts equal ones', () => {
    spec
      .given([created])
      .when({ type: 'update', id: 'c1', changes: { endDate: '2025-12-31' } })
      .thenFails('validation.endBeforeStart', { field: 'endDate' });
    spec
      .given([])
      .when(create({ endDate: fields.startDate }))
      .thenMatches([{ type: 'CampaignCreated' }]);
  });

  it('applies the GeoJSON rules to the polygon, with the field path of the problem', () => {
    spec
      .given([])
      .when(create({ polygon: { type: 'Polygon', coordinates: [ring.slice(0, -1)] } }))
      .thenFails('geojson.ringNotClosed', {
        fields: [{ field: 'polygon.coordinates.0', code: 'geojson.ringNotClosed' }],
      });
    spec
      .given([])
      .when(create({ polygon: { type: 'MultiPolygon', coordinates: [[ring]] } }))
      .thenFails('geojson.onlyPolygon', { fields: [{ field: 'polygon.type' }] });
  });

  it('names a redrawn or removed polygon for auditors, keeping its centre and size as the intent', () => {
    const shifted = { ...polygon, coordinates: [ring.map(([x, y]) => [x! + 1, y!])] };
    const redrawn = { ...shifted, center: [-2.7, 40.4], size: JSON.stringify(shifted).length };
    const drawn = { ...created, data: { ...created.data, fields: { ...fields, polygon: measured } } };
    spec
      .given([drawn])
      .when({ type: 'update', id: 'c1', changes: { polygon: shifted } })
      .then([
        {
          type: 'CampaignPolygonRedrawn',
          data: {
            changes: { polygon: redrawn },
            intent: {
              before: { polygon: { center: measured.center, size: measured.size } },
              after: { polygon: { center: redrawn.center, size: redrawn.size } },
            },
          },
        },
      ]);
    spec
      .given([drawn])
      .when({ type: 'update', id: 'c1', changes: { polygon: null } })
      .then([
        {
          type: 'CampaignPolygonRemoved',
          data: {
            changes: { polygon: null },
            intent: { before: { polygon: { center: measured.center, size: measured.size } }, after: { polygon: null } },
          },
        },
      ]);
  });

  it('refuses a polygon over 10,000,000 bytes of GeoJSON with the limit in the message', () => {
    const points = 280_000;
    const big = Array.from({ length: points }, (_, i) => {
      const angle = (2 * Math.PI * i) / points;
      return [-3.7 + 0.123456789012 * Math.cos(angle), 40.4 + 0.123456789012 * Math.sin(angle)];
    });
    big.push(big[0] as number[]);
    let thrown: unknown;
    try {
      campaignEntity.rules(
        campaignEntity.schema.parse({ ...fields, polygon: { type: 'Polygon', coordinates: [big] } }),
        testRuleContext,
        undefined,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'geojson.polygonTooBig',
      message: expect.stringContaining(`(the limit is ${polygonSizeLimit})`),
      details: { field: 'polygon', limit: polygonSizeLimit, unit: 'bytes', size: expect.any(Number) },
    });
    expect((thrown as { details: { size: number } }).details.size).toBeGreaterThan(polygonSizeLimit);
  });

  it('can be cloned under another name', () =>
    spec
      .given([])
      .when({
        type: 'clone',
        id: 'c2',
        source: { ...emptyEntity, status: 'active', id: 'c1', fields, owner: 'profile-2' },
        overrides: { name: 'Madrid 2027' },
      })
      .then([
        {
          type: 'CampaignCreated',
          data: { id: 'c2', fields: { ...fields, name: 'Madrid 2027' }, owner: 'profile-1', clonedFrom: 'c1' },
        },
      ]));

  it('claims its lower-cased name, which must be unique', () =>
    expect(entityConstraints(campaignEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'campaign-name', value: 'madrid 2026', conflict: 'campaigns.nameExists' },
    ]));
});
