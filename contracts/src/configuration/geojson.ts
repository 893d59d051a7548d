import { z } from 'zod';
import { DomainError, type HttpErrorCode } from '../errors/index.ts';
import { missingOr } from './common.ts';
import {
  type MeasuredPolygon,
  measurePolygon,
  type PolygonGeometry,
  type Position,
  polygonSizeLimit,
} from './polygon-measures.ts';

// GeoJSON upload (campaigns and geographic filters; docs/product/rules.md#geojson-upload), as pure functions the
// console and the services share: a FeatureCollection, Feature or Polygon object holding exactly one Polygon with a
// single closed ring.

export type GeoJsonErrorCode = Extract<HttpErrorCode, `geojson.${string}`>;
export interface GeoJsonProblem {
  code: GeoJsonErrorCode;
  /** Where in the uploaded object, e.g. `['features', 2, 'geometry', 'coordinates']`. */
  path: (string | number)[];
  params?: { limit: number };
}
export type GeoJsonReading<T> = { ok: true; value: T } | { ok: false; problem: GeoJsonProblem };

type Path = (string | number)[];
const failure = (code: GeoJsonErrorCode, path: Path, params?: { limit: number }): GeoJsonReading<never> => ({
  ok: false,
  problem: params ? { code, path, params } : { code, path },
});
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) &&
  (value.length === 2 || value.length === 3) &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));

function ringProblem(ring: unknown, path: Path): GeoJsonReading<never> | undefined {
  if (!Array.isArray(ring)) return failure('geojson.invalidContent', path);
  for (const [index, position] of ring.entries()) {
    if (!isPosition(position)) return failure('geojson.invalidContent', [...path, index]);
    const [longitude = 0, latitude = 0] = position;
    if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90)
      return failure('geojson.coordinatesOutOfRange', [...path, index]);
  }
  const first = ring[0] as Position | undefined;
  const last = ring.at(-1) as Position | undefined;
  if (!first || !last || first.length !== last.length || first.some((n, i) => n !== last[i]))
    return failure('geojson.ringNotClosed', path);
  if (ring.length < 4) return failure('geojson.invalidContent', path);
  return undefined;
}

const otherGeometryTypes = [
  'MultiPolygon',
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'GeometryCollection',
];
const isEmpty = (value: unknown) => Array.isArray(value) && value.length === 0;
const isSingle = (value: unknown): value is [unknown] => Array.isArray(value) && value.length === 1;

/** A geometry: a valid Polygon, `undefined` when it has no coordinates, or the rule it breaks. */
function readGeometry(geometry: unknown, path: Path): GeoJsonReading<PolygonGeometry | undefined> {
  if (geometry === null || geometry === undefined) return { ok: true, value: undefined };
  if (!isRecord(geometry) || typeof geometry.type !== 'string') return failure('geojson.invalidContent', path);
  if (otherGeometryTypes.includes(geometry.type)) return failure('geojson.onlyPolygon', [...path, 'type']);
  if (geometry.type !== 'Polygon') return failure('geojson.invalidContent', [...path, 'type']);
  const coordinates = geometry.coordinates;
  if (coordinates === undefined || isEmpty(coordinates) || (isSingle(coordinates) && isEmpty(coordinates[0])))
    return { ok: true, value: undefined };
  if (!Array.isArray(coordinates)) return failure('geojson.invalidContent', [...path, 'coordinates']);
  if (coordinates.length > 1 || isPosition(coordinates[0]))
    return failure('geojson.singleCoordinatesArray', [...path, 'coordinates']);
  const problem = ringProblem(coordinates[0], [...path, 'coordinates', 0]);
  return problem ?? { ok: true, value: { type: 'Polygon', coordinates: coordinates as Position[][] } };
}

/** The geometries an upload holds, with their paths. */
function geometriesOf(input: unknown): GeoJsonReading<{ geometry: unknown; path: Path }[]> {
  if (!isRecord(input)) return failure('geojson.invalidContent', []);
  const featureGeometry = (feature: unknown, path: Path): GeoJsonReading<{ geometry: unknown; path: Path }> =>
    isRecord(feature) && feature.type === 'Feature'
      ? { ok: true, value: { geometry: feature.geometry, path: [...path, 'geometry'] } }
      : failure('geojson.invalidContent', path);
  if (input.type === 'FeatureCollection') {
    if (!Array.isArray(input.features)) return failure('geojson.invalidContent', ['features']);
    const geometries = [];
    for (const [index, feature] of input.features.entries()) {
      const reading = featureGeometry(feature, ['features', index]);
      if (!reading.ok) return reading;
      geometries.push(reading.value);
    }
    return { ok: true, value: geometries };
  }
  if (input.type === 'Feature') {
    const reading = featureGeometry(input, []);
    return reading.ok ? { ok: true, value: [reading.value] } : reading;
  }
  return { ok: true, value: [{ geometry: input, path: [] }] };
}

/** Every polygon of an upload (the console may offer them to choose from), or the first rule it breaks. */
export function readGeoJsonPolygons(input: unknown): GeoJsonReading<PolygonGeometry[]> {
  const geometries = geometriesOf(input);
  if (!geometries.ok) return geometries;
  const polygons: PolygonGeometry[] = [];
  for (const { geometry, path } of geometries.value) {
    const reading = readGeometry(geometry, path);
    if (!reading.ok) return reading;
    if (reading.value) polygons.push(reading.value);
  }
  return polygons.length === 0 ? failure('geojson.noFeatures', []) : { ok: true, value: polygons };
}

export const polygonSizeProblem = (polygon: MeasuredPolygon, limit = polygonSizeLimit): GeoJsonProblem | undefined =>
  polygon.size > limit ? { code: 'geojson.polygonTooBig', path: [], params: { limit } } : undefined;

export interface GeoJsonOptions {
  /** Bytes (see polygonSizeLimit); `null` leaves the check to the caller (entities check it in their rules). */
  sizeLimit?: number | null;
}

/** An upload holding exactly one polygon, measured; or the first rule it breaks. */
export function readGeoJsonPolygon(
  input: unknown,
  { sizeLimit = polygonSizeLimit }: GeoJsonOptions = {},
): GeoJsonReading<MeasuredPolygon> {
  const polygons = readGeoJsonPolygons(input);
  if (!polygons.ok) return polygons;
  const [only, ...others] = polygons.value;
  if (!only || others.length > 0) return failure('geojson.severalPolygons', []);
  const polygon = measurePolygon(only);
  const problem = sizeLimit === null ? undefined : polygonSizeProblem(polygon, sizeLimit);
  return problem ? { ok: false, problem } : { ok: true, value: polygon };
}

/** readGeoJsonPolygon as a zod field: its problems become issues whose message is the catalogue code. */
export const geoJsonPolygonSchema = (options: GeoJsonOptions = {}) =>
  z
    .looseObject(
      { type: z.string({ error: 'geojson.invalidContent' }) },
      { error: missingOr('geojson.invalidContent') },
    )
    .transform((input, context): MeasuredPolygon => {
      const reading = readGeoJsonPolygon(input, options);
      if (reading.ok) return reading.value;
      const { code, path, params } = reading.problem;
      context.addIssue({ code: 'custom', message: code, path, ...(params ? { params } : {}) });
      return z.NEVER;
    })
    .describe('A GeoJSON FeatureCollection, Feature or Polygon holding one Polygon with a single closed ring');

/**
 * The polygon field of an entity (campaign, geographic filter): the structural rules here, the size limit in the
 * entity's rules through assertPolygonWithinLimit, whose error carries `{limit}` and the measure.
 */
export const measuredPolygonField = geoJsonPolygonSchema({ sizeLimit: null });

/**
 * Refuses a polygon over the size limit with `geojson.polygonTooBig`, its `{limit}` filled in and the measure in the
 * details, so an operator knows how far to simplify it.
 */
export function assertPolygonWithinLimit(polygon: MeasuredPolygon, field = 'polygon', limit = polygonSizeLimit): void {
  if (polygonSizeProblem(polygon, limit))
    throw new DomainError('geojson.polygonTooBig', {
      params: { limit },
      details: { field, size: polygon.size, limit, unit: 'bytes' },
    });
}

/** An upload is a `.geojson` or `.json` file (docs/product/rules.md#geojson-upload). */
export const geoJsonFileNameSchema = z
  .string({ error: 'geojson.invalidFileType' })
  .trim()
  .regex(/\.(?:geo)?json$/i, 'geojson.invalidFileType');
