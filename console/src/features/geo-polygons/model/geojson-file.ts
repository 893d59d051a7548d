import { type GeoJsonErrorCode, geoJsonFileNameSchema, readGeoJsonPolygons } from '@nq/contracts/configuration/geojson';
import type { PolygonGeometry } from '@nq/contracts/configuration/polygon-measures';

/**
 * A rule of docs/product/rules.md#geojson-upload an upload breaks: a catalogue code, with `{limit}` for the size limit.
 */
export interface UploadProblem {
  code: GeoJsonErrorCode;
  params?: { limit: number };
}

export type FileReading = { ok: true; polygons: PolygonGeometry[] } | { ok: false; problem: UploadProblem };

/**
 * The polygons of an uploaded file, by the contracts' rules (the same the API applies): a .geojson or .json file,
 * valid JSON, Polygon features only, each a single closed ring, at least one with coordinates. Several polygons are
 * answered as they are: the user picks which to keep.
 */
export function readGeoJsonFile(fileName: string, text: string): FileReading {
  if (!geoJsonFileNameSchema.safeParse(fileName).success)
    return { ok: false, problem: { code: 'geojson.invalidFileType' } };
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { ok: false, problem: { code: 'geojson.invalidContent' } };
  }
  const reading = readGeoJsonPolygons(input);
  if (!reading.ok) {
    const { code, params } = reading.problem;
    return { ok: false, problem: params ? { code, params } : { code } };
  }
  return { ok: true, polygons: reading.value };
}
