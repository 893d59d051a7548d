import {
  type GeoBounds,
  type ProbesMapAnswer,
  probeMapPointLimit,
  type probeStatuses,
  tilesAcross,
  translate,
} from '@nq/contracts';
import { type GeoTile, geoPointField } from '@nq/platform/read-store/read-store-aggregations';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeFleetCollection } from '@nq/projections';
import { statusRowOfFleet } from './fleet-rows.ts';
import type { FleetScope } from './fleet-scope.ts';

const world: GeoBounds = { west: -180, south: -90, east: 180, north: 90 };

/** Cells a few steps finer than the map's zoom: 64 pixels across on a map of 512-pixel tiles. */
const CELL_STEPS = 3;
/** However large the area asked for, at most this many cells across and down: the answer stays a screen's. */
const MAX_CELLS_ACROSS = 64;
const MAX_ZOOM = 24;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const wrapped = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** The area as the stores take it: latitudes on the map, longitudes within ±180 (west past east crosses the antimeridian). */
export function normalizedArea(box: GeoBounds): GeoBounds {
  const [south, north] = [clamp(box.south, -90, 90), clamp(box.north, -90, 90)];
  if (box.east - box.west >= 360) return { west: -180, south, east: 180, north };
  const [west, east] = [wrapped(box.west), wrapped(box.east)];
  return { west, south, east: east === -180 && box.east > box.west ? 180 : east, north };
}

/** The tiles' zoom the probes are clustered at, for a map at `zoom` showing `area`. */
export function cellZoom(area: GeoBounds, zoom: number) {
  let cells = clamp(Math.floor(zoom) + CELL_STEPS, 0, MAX_ZOOM);
  while (cells > 0) {
    const across = tilesAcross(area, cells);
    if (across.x <= MAX_CELLS_ACROSS && across.y <= MAX_CELLS_ACROSS) break;
    cells--;
  }
  return cells;
}

/** Worst first: the state a cluster is drawn in is the worst any of its probes shows. */
const severity = [
  'Not available',
  'Not ready',
  'Ready',
  'Available',
] as const satisfies readonly (typeof probeStatuses)[number][];
const worstOf = (states: Record<string, number>) =>
  severity.find((state) => states[state]) ?? Object.keys(states).sort()[0] ?? null;

const pointOf = ({ lat, lon }: { lat: number; lon: number }) => ({
  type: 'Point' as const,
  coordinates: [lon, lat] as [number, number],
});

function clusterFeature(tile: GeoTile) {
  const states = Object.fromEntries((tile.counts ?? []).map(({ value, count }) => [String(value), count]));
  return {
    type: 'Feature' as const,
    geometry: pointOf(tile.centroid),
    properties: { kind: 'cluster' as const, tile: tile.key, count: tile.count, worstState: worstOf(states), states },
  };
}

function probeFeature(document: ReadDocument, clustersOf: FleetScope['clustersOf']) {
  const clusters = clustersOf?.get(document.id);
  return {
    type: 'Feature' as const,
    geometry: pointOf(document[geoPointField] as { lat: number; lon: number }),
    properties: {
      kind: 'probe' as const,
      ...statusRowOfFleet(document),
      ...(clusters ? { clusters: [...clusters] } : {}),
    },
  };
}

/**
 * The probes of a scope in an area at a zoom, computed by the store: up to `probeMapPointLimit` located probes one by
 * one, more as clusters (one per map tile at the cell zoom: count, centre, states); and the count of those without
 * coordinates anywhere (a link to their list, not their ids).
 */
export async function probesMapAnswer(
  readStore: ReadStore,
  request: { scope: FleetScope; bbox?: GeoBounds | undefined; zoom: number; language: 'en' | 'es' },
): Promise<ProbesMapAnswer> {
  const { scope } = request;
  const area = request.bbox ? normalizedArea(request.bbox) : world;
  const [tiles, withoutCoordinates] = await Promise.all([
    readStore.geoTiles(probeFleetCollection, {
      filters: scope.filters,
      ...(request.bbox ? { within: area } : {}),
      zoom: cellZoom(area, request.zoom),
      countBy: 'shownState',
      limit: MAX_CELLS_ACROSS * MAX_CELLS_ACROSS,
    }),
    readStore.count(probeFleetCollection, { filters: [...scope.filters, { field: 'located', equals: false }] }),
  ]);
  const clustered = tiles.total > probeMapPointLimit;
  const features = clustered
    ? tiles.tiles.map(clusterFeature)
    : (
        await readStore.list(probeFleetCollection, {
          filters: [
            ...scope.filters,
            request.bbox ? { field: geoPointField, within: area } : { field: 'located', equals: true },
          ],
          sort: [{ field: 'id', order: 'asc' }],
          offset: 0,
          limit: probeMapPointLimit,
        })
      ).items.map((document) => probeFeature(document, scope.clustersOf));
  return {
    type: 'FeatureCollection',
    features,
    clustered,
    located: tiles.total,
    withoutCoordinates,
    bounds: tiles.bounds ?? null,
    warnings:
      withoutCoordinates > 0
        ? [{ code: 'probes.noCoordinates', message: translate('probes.noCoordinates', request.language) }]
        : [],
  };
}
