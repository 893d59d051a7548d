import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/index.ts';
import {
  assertPolygonWithinLimit,
  geoJsonFileNameSchema,
  geoJsonPolygonSchema,
  readGeoJsonPolygon,
  readGeoJsonPolygons,
} from './geojson.ts';
import { polygonCentroid, polygonSize, polygonSizeLimit } from './polygon-measures.ts';

const ring = [
  [-3.8, 40.3],
  [-3.6, 40.3],
  [-3.6, 40.5],
  [-3.8, 40.5],
  [-3.8, 40.3],
];
const polygon = { type: 'Polygon', coordinates: [ring] };
const feature = (geometry: unknown) => ({ type: 'Feature', properties: { name: 'Madrid' }, geometry });
const collection = (...geometries: unknown[]) => ({ type: 'FeatureCollection', features: geometries.map(feature) });
const problemOf = (input: unknown) => {
  const reading = readGeoJsonPolygon(input);
  return reading.ok ? undefined : reading.problem;
};

describe('GeoJSON upload', () => {
  it('accepts a Polygon, a Feature or a FeatureCollection and measures the polygon', () => {
    for (const input of [polygon, feature(polygon), collection(polygon)]) {
      expect(readGeoJsonPolygon(input)).toEqual({
        ok: true,
        value: { type: 'Polygon', coordinates: [ring], center: [-3.7, 40.4], size: polygonSize(polygon as never) },
      });
    }
  });

  it('reads its own output again unchanged, so a stored polygon can be re-validated', () => {
    const once = readGeoJsonPolygon(polygon);
    expect(once.ok && readGeoJsonPolygon(once.value)).toEqual(once);
  });

  it('accepts only Polygon features: MultiPolygon and other types get geojson.onlyPolygon', () => {
    expect(problemOf({ type: 'MultiPolygon', coordinates: [[ring]] })).toEqual({
      code: 'geojson.onlyPolygon',
      path: ['type'],
    });
    expect(problemOf(collection(polygon, { type: 'Point', coordinates: [0, 0] }))).toEqual({
      code: 'geojson.onlyPolygon',
      path: ['features', 1, 'geometry', 'type'],
    });
  });

  it('needs a single coordinates array: holes and bare rings get geojson.singleCoordinatesArray', () => {
    expect(problemOf({ type: 'Polygon', coordinates: [ring, ring] })?.code).toBe('geojson.singleCoordinatesArray');
    expect(problemOf({ type: 'Polygon', coordinates: ring })?.code).toBe('geojson.singleCoordinatesArray');
  });

  it('needs at least one feature with coordinates', () => {
    for (const input of [
      { type: 'FeatureCollection', features: [] },
      collection(null),
      feature({ type: 'Polygon', coordinates: [] }),
      { type: 'Polygon', coordinates: [[]] },
    ])
      expect(problemOf(input)).toEqual({ code: 'geojson.noFeatures', path: [] });
    expect(readGeoJsonPolygon(collection(null, polygon)).ok).toBe(true);
  });

  it('needs the first and last coordinates to match', () => {
    expect(problemOf({ type: 'Polygon', coordinates: [ring.slice(0, -1)] })).toEqual({
      code: 'geojson.ringNotClosed',
      path: ['coordinates', 0],
    });
  });

  it('needs longitudes within -180..180 and latitudes within -90..90', () => {
    const outside = (position: number[]) => ({
      type: 'Polygon',
      coordinates: [[position, ...ring.slice(1, -1), position]],
    });
    expect(problemOf(outside([-180.5, 40]))).toEqual({
      code: 'geojson.coordinatesOutOfRange',
      path: ['coordinates', 0, 0],
    });
    expect(problemOf(outside([10, 90.1]))?.code).toBe('geojson.coordinatesOutOfRange');
    expect(readGeoJsonPolygon(outside([180, -90])).ok).toBe(true);
  });

  it('refuses what is not GeoJSON with geojson.invalidContent', () => {
    for (const input of [
      null,
      'text',
      { type: 'Polygonal' },
      { type: 'FeatureCollection' },
      { type: 'FeatureCollection', features: [polygon] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 'a'],
            [0, 0],
            [0, 0],
          ],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    ])
      expect(problemOf(input)?.code).toBe('geojson.invalidContent');
  });

  it('lists every polygon of a collection, but an entity takes exactly one', () => {
    const shifted = { type: 'Polygon', coordinates: [ring.map(([x = 0, y = 0]) => [x + 1, y])] };
    expect(readGeoJsonPolygons(collection(polygon, shifted))).toMatchObject({ ok: true, value: [polygon, shifted] });
    expect(problemOf(collection(polygon, shifted))).toEqual({ code: 'geojson.severalPolygons', path: [] });
  });

  it('limits the size in bytes of the polygon GeoJSON text, 10,000,000 by default', () => {
    expect(polygonSizeLimit).toBe(10_000_000);
    const size = polygonSize(polygon as never);
    expect(size).toBe(JSON.stringify(polygon).length);
    expect(readGeoJsonPolygon(polygon, { sizeLimit: size }).ok).toBe(true);
    expect(readGeoJsonPolygon(polygon, { sizeLimit: size - 1 })).toEqual({
      ok: false,
      problem: { code: 'geojson.polygonTooBig', path: [], params: { limit: size - 1 } },
    });
    expect(readGeoJsonPolygon(polygon, { sizeLimit: null }).ok).toBe(true);
  });

  it('refuses an oversized measured polygon with the limit in the message and the measure in the details', () => {
    const reading = readGeoJsonPolygon(polygon);
    if (!reading.ok) throw new Error('expected a polygon');
    expect(() => assertPolygonWithinLimit(reading.value, 'polygon', 10)).toThrow(DomainError);
    try {
      assertPolygonWithinLimit(reading.value, 'polygon', 10);
    } catch (error) {
      expect(error).toMatchObject({
        code: 'geojson.polygonTooBig',
        message: expect.stringContaining('(the limit is 10)'),
        details: { field: 'polygon', size: reading.value.size, limit: 10, unit: 'bytes' },
      });
    }
    expect(() => assertPolygonWithinLimit(reading.value)).not.toThrow();
  });

  it('centres a polygon on its area-weighted centroid, or its vertices when it has no area', () => {
    const triangle = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [3, 0],
          [0, 3],
          [0, 0],
        ],
      ],
    };
    expect(polygonCentroid(triangle)).toEqual([1, 1]);
    const flat = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [4, 0],
          [0, 0],
        ],
      ],
    };
    expect(polygonCentroid(flat)).toEqual([2, 0]);
  });

  it('turns problems into zod issues whose message is the code, at the path inside the upload', () => {
    const result = geoJsonPolygonSchema().safeParse(collection({ type: 'Polygon', coordinates: [ring.slice(0, -1)] }));
    expect(result.error?.issues).toMatchObject([
      { message: 'geojson.ringNotClosed', path: ['features', 0, 'geometry', 'coordinates', 0] },
    ]);
    expect(geoJsonPolygonSchema().safeParse('text').error?.issues[0]?.message).toBe('geojson.invalidContent');
    expect(geoJsonPolygonSchema().safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
    expect(geoJsonPolygonSchema({ sizeLimit: 1 }).safeParse(polygon).error?.issues).toMatchObject([
      { message: 'geojson.polygonTooBig', params: { limit: 1 } },
    ]);
  });

  it('takes .geojson or .json files only', () => {
    expect(geoJsonFileNameSchema.safeParse('area.geojson').success).toBe(true);
    expect(geoJsonFileNameSchema.safeParse('AREA.JSON').success).toBe(true);
    for (const name of ['area.kml', 'area.geojson.txt', 'json'])
      expect(geoJsonFileNameSchema.safeParse(name).error?.issues[0]?.message).toBe('geojson.invalidFileType');
  });
});
