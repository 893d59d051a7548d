import { measurePolygon } from '@nq/contracts/configuration/polygon-measures';
import { describe, expect, it } from 'vitest';
import { geofilterBody, geofilterDraft, geofilterProblems } from './geofilter-draft.ts';

const polygon = measurePolygon({
  type: 'Polygon',
  coordinates: [
    [
      [-3.72, 40.4],
      [-3.68, 40.4],
      [-3.68, 40.43],
      [-3.72, 40.4],
    ],
  ],
});

describe('geographic filter form', () => {
  it('needs a name and a polygon', () => {
    expect(geofilterProblems(geofilterDraft())).toEqual({
      name: 'validation.required',
      polygon: 'validation.required',
    });
    expect(geofilterProblems({ name: 'Madrid centro', special: false, polygon })).toEqual({});
  });

  it('sends the polygon as plain GeoJSON (the API derives its centre and size)', () => {
    expect(geofilterBody({ name: ' Sol ', special: true, polygon })).toEqual({
      name: 'Sol',
      special: true,
      polygon: { type: 'Polygon', coordinates: polygon.coordinates },
    });
  });
});
