import type { GeoBounds } from '@nq/contracts';

export type { GeoBounds };

/** Bounds of a value: numbers compare as numbers, strings as text (ISO times compare in time order). */
export interface ValueRange {
  gt?: number | string;
  gte?: number | string;
  lt?: number | string;
  lte?: number | string;
}

/** How many documents hold a value. */
export interface ValueCount {
  value: string | number | boolean;
  count: number;
}

/** The documents of one web-mercator tile (contracts' map-tiles): how many, their centre, and by a field's values. */
export interface GeoTile {
  /** `z/x/y` */
  key: string;
  count: number;
  centroid: { lat: number; lon: number };
  /** By the values of the field asked for (`countBy`), the most frequent first. */
  counts?: ValueCount[];
}

export interface GeoTiles {
  /** The fullest tiles, at most the limit asked for. */
  tiles: GeoTile[];
  /** Every document placed, in the tiles answered or not. */
  total: number;
  /** The box around every document placed (none when there is none). */
  bounds?: GeoBounds;
}

/** The field a document is placed by: `{ lat, lon }`, mapped as a geo point by Elasticsearch under this name only. */
export const geoPointField = 'geoPoint';
