// What the console's maps draw, independent of kepler.gl: point layers of one colour each (a probe status, a value
// class), turned into kepler datasets and layer configs by `keplerConfig`. Pure, so it is unit-tested.

import { clusterColumns, clusterDatasets, clusterLayerConfig } from './cluster-layers.ts';
import { boundsOf, fitView, type MapBounds, type MapSize } from './map-fit.ts';
import { type Place, placeLabelStyle, placeLevels } from './place-labels.ts';
import { detailNamesOf, isNumeric, type MapPoint, type PointLayer } from './point-layer.ts';
import { dotPixels } from './web-mercator.ts';
import { type LevelFilter, levelFilterConfig, levelOf } from './zoom-levels.ts';

export type { MapPoint, PointLayer };

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
  /** What the view shows: the map fits these bounds to its own size (the centre and zoom above assume a usual one). */
  fit?: { bounds: MapBounds; maxZoom: number };
}

/** The default map centre is a point in Madrid (Puerta del Sol; docs/product/screens.md#maps). */
export const madrid: MapView = { lat: 40.4168, lon: -3.7038, zoom: 9 };

export const hexToRgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** The kepler dataset of a layer: lat, lon and the detail columns (kepler infers nothing: types are given). */
export function pointDataset(layer: PointLayer) {
  const detailNames = detailNamesOf(layer.points);
  const typeOf = (name: string) => (isNumeric(layer.points, name) ? 'real' : 'string');
  return {
    info: { id: layer.id, label: layer.label },
    data: {
      fields: [
        { name: 'lat', type: 'real' },
        { name: 'lon', type: 'real' },
        ...detailNames.map((name) => ({ name, type: typeOf(name) })),
      ],
      rows: layer.points.map((point) => [
        point.lat,
        point.lon,
        ...detailNames.map((name) => point.details[name] ?? null),
      ]),
    },
    detailNames,
  };
}

/** A point layer of one colour, fully opaque (the colour the e2e test looks for on the canvas). */
export function pointLayerConfig(layer: PointLayer) {
  return {
    id: layer.id,
    type: 'point',
    config: {
      dataId: layer.id,
      label: layer.label,
      color: hexToRgb(layer.colour),
      columns: { lat: 'lat', lng: 'lon' },
      isVisible: true,
      visConfig: {
        radius: layer.radius ?? 10,
        fixedRadius: false,
        opacity: 1,
        outline: false,
        filled: true,
        thickness: 1,
      },
    },
    visualChannels: { colorField: null, sizeField: null },
  };
}

/** The base layer shipped with the app: country outlines on a light fill (there are no tiles offline). */
export function outlineLayerConfig(dataId: string) {
  return {
    id: dataId,
    type: 'geojson',
    config: {
      dataId,
      label: dataId,
      color: [248, 250, 252] as [number, number, number],
      columns: { geojson: '_geojson' },
      isVisible: true,
      visConfig: {
        opacity: 1,
        strokeOpacity: 1,
        thickness: 0.6,
        strokeColor: [148, 163, 184] as [number, number, number],
        filled: true,
        stroked: true,
        enable3d: false,
        wireframe: false,
      },
    },
    visualChannels: { colorField: null, strokeColorField: null, sizeField: null, heightField: null },
  };
}

type NamedFeature = {
  properties?: { name?: string; kind?: string; population?: number };
  geometry?: { type?: string };
};

export interface Outlines {
  label: string;
  collection: { features: readonly NamedFeature[] };
}

/**
 * What the map draws under its data when there are no tiles (offline): the country outlines, and for the demo region
 * its administrative boundaries (lines) and its populated places (named dots).
 */
export interface BaseMap {
  outlines?: Outlines | undefined;
  boundaries?: Outlines | undefined;
  places?: { label: string; places: readonly Place[] } | undefined;
}

/** The shipped region file split as the map draws it: its boundary polygons, and its places as points. */
export function regionContext(collection: {
  features: readonly (NamedFeature & { geometry?: { type?: string; coordinates?: unknown } })[];
}) {
  const boundaries = collection.features.filter((feature) => feature.geometry?.type !== 'Point');
  const places = collection.features.flatMap((feature) => {
    const coordinates = feature.geometry?.coordinates;
    if (feature.geometry?.type !== 'Point' || !Array.isArray(coordinates)) return [];
    const [lon, lat] = coordinates as [number, number];
    const population = feature.properties?.population;
    return [
      { name: feature.properties?.name ?? '', lat, lon, population: typeof population === 'number' ? population : 0 },
    ];
  });
  return { boundaries: { features: boundaries }, places };
}

/** The outlines as a kepler dataset: each feature in `_geojson` (as kepler's own processor does) and its name. */
export function outlineDataset(id: string, { label, collection }: Outlines) {
  return {
    info: { id, label },
    data: {
      fields: [
        { name: '_geojson', type: 'geojson' },
        { name: 'name', type: 'string' },
      ],
      rows: collection.features.map((feature) => [feature, feature.properties?.name ?? '']),
    },
  };
}

export const outlineDataId = 'base-outlines';
export const boundaryDataId = 'base-boundaries';
export const placeDataId = 'base-places';

/** The colours of the base map's context: boundary lines, place dots and place names (slate-500, -600, -800). */
export const contextColours = {
  boundary: [100, 116, 139] as [number, number, number],
  place: [71, 85, 105] as [number, number, number],
  placeName: [30, 41, 59] as [number, number, number],
};

/**
 * The level from which a boundary shows: provinces always; the region's municipalities (hundreds of small polygons
 * that are one dark patch from afar) once the map is close enough to tell them apart.
 */
export const boundaryLevel = (feature: NamedFeature) => (feature.properties?.kind === 'municipality' ? 9 : 0);

/** The boundaries as a kepler dataset: as the outlines, with the level each shows from (`placeLevelColumn`). */
export function boundaryDataset(id: string, boundaries: Outlines) {
  const { info, data } = outlineDataset(id, boundaries);
  return {
    info,
    data: {
      fields: [...data.fields, { name: placeLevelColumn, type: 'integer' }],
      rows: data.rows.map((row, index) => {
        const feature = boundaries.collection.features[index];
        return [...row, feature ? boundaryLevel(feature) : 0];
      }),
    },
  };
}

/** Administrative boundaries: lines only, so the outlines' fill and the data show through. */
export function boundaryLayerConfig(dataId: string) {
  const layer = outlineLayerConfig(dataId);
  return {
    ...layer,
    config: {
      ...layer.config,
      visConfig: { ...layer.config.visConfig, filled: false, thickness: 0.8, strokeColor: contextColours.boundary },
    },
  };
}

/** The base map's places are the same at each refresh of the data: their levels are worked out once. */
const levelsOfPlaces = new WeakMap<readonly Place[], number[]>();

/** The column of the places' and boundaries' datasets that says from which zoom level one shows (place-labels.ts). */
export const placeLevelColumn = 'shownFrom';

/**
 * Places as small dots with their names beside them (kepler's text labels), each with the level it shows from: the
 * more populous ones from afar, the others as there is room for their names.
 */
export function placeDataset(label: string, places: readonly Place[]) {
  const shownFrom = levelsOfPlaces.get(places) ?? placeLevels(places);
  levelsOfPlaces.set(places, shownFrom);
  return {
    info: { id: placeDataId, label },
    data: {
      fields: [
        { name: 'lat', type: 'real' },
        { name: 'lon', type: 'real' },
        { name: 'name', type: 'string' },
        { name: placeLevelColumn, type: 'integer' },
      ],
      rows: places.map((place, index) => [place.lat, place.lon, place.name, shownFrom[index] ?? 0]),
    },
  };
}

export function placeLayerConfig() {
  const layer = pointLayerConfig({
    id: placeDataId,
    label: placeDataId,
    colour: '#000000',
    points: [],
    radius: placeLabelStyle.dotRadius,
  });
  return {
    ...layer,
    config: {
      ...layer.config,
      color: contextColours.place,
      textLabel: [
        {
          field: { name: 'name', type: 'string' },
          color: contextColours.placeName,
          size: placeLabelStyle.size,
          offset: [6, 0],
          anchor: 'start',
          alignment: 'center',
          outlineWidth: 0,
          outlineColor: [255, 255, 255, 255],
          background: false,
          backgroundColor: [255, 255, 255, 255],
        },
      ],
    },
  };
}

const isClustered = (layer: PointLayer): layer is PointLayer & { cluster: { countLabel: string } } =>
  layer.cluster !== undefined;

/**
 * Everything kepler's `addDataToMap` takes: one dataset and layer per point layer, and the base map below them
 * (places, boundaries, then outlines); tooltips list each point layer's details and the base map's names; the view,
 * when it is to move. Clustered layers and place names depend on the zoom level: `levelFilters` name the filters that
 * show a level's rows (at `level` to begin with), for the map to move as the user zooms.
 */
export function keplerConfig(
  layers: readonly PointLayer[],
  view: MapView | undefined,
  base: BaseMap = {},
  level = levelOf((view ?? madrid).zoom),
) {
  const clustered = clusterDatasets(layers.filter(isClustered));
  const datasets = layers.map(
    (layer) => clustered.find((dataset) => dataset.info.id === layer.id) ?? pointDataset(layer),
  );
  const { outlines, boundaries, places } = base;
  const levelFilters: LevelFilter[] = [
    ...clustered.map(({ info }) => ({ dataId: info.id, field: clusterColumns.level, rows: 'exact' as const })),
    ...(places ? [{ dataId: placeDataId, field: placeLevelColumn, rows: 'from' as const }] : []),
    ...(boundaries ? [{ dataId: boundaryDataId, field: placeLevelColumn, rows: 'from' as const }] : []),
  ];
  return {
    datasets: [
      ...(outlines ? [outlineDataset(outlineDataId, outlines)] : []),
      ...(boundaries ? [boundaryDataset(boundaryDataId, boundaries)] : []),
      ...(places ? [placeDataset(places.label, places.places)] : []),
      ...datasets.map(({ info, data }) => ({ info, data })),
    ],
    config: {
      version: 'v1' as const,
      config: {
        visState: {
          // kepler draws the first layer of the list on top.
          layers: [
            ...layers.map((layer) =>
              isClustered(layer)
                ? clusterLayerConfig(pointLayerConfig(layer))
                : layer.written
                  ? clusterLayerConfig(pointLayerConfig(layer), { name: layer.written, type: 'string' })
                  : pointLayerConfig(layer),
            ),
            ...(places ? [placeLayerConfig()] : []),
            ...(boundaries ? [boundaryLayerConfig(boundaryDataId)] : []),
            ...(outlines ? [outlineLayerConfig(outlineDataId)] : []),
          ],
          filters: levelFilters.map((filter) => levelFilterConfig(filter, level)),
          interactionConfig: {
            tooltip: {
              enabled: true,
              compareMode: false,
              compareType: 'absolute' as const,
              fieldsToShow: Object.fromEntries([
                ...datasets.map(({ info, detailNames }) => [
                  info.id,
                  detailNames.map((name) => ({ name, format: null })),
                ]),
                ...[outlineDataId, boundaryDataId, placeDataId].map((id) => [id, [{ name: 'name', format: null }]]),
              ]),
            },
          },
        },
        // Without a view the map stays where the user moved it.
        ...(view ? { mapState: { latitude: view.lat, longitude: view.lon, zoom: view.zoom } } : {}),
      },
    },
    levelFilters,
  };
}

/** The size a map usually has on the console's pages, for a view's centre and zoom before the map knows its own. */
const usualSize = { width: 960, height: 512 };
const usualPadding = 40;

/** The view that fits the bounds (or the fallback when there is nothing to show). */
export function viewOfBounds(bounds: MapBounds | undefined, fallback: MapView = madrid, maxZoom = 10): MapView {
  if (!bounds) return fallback;
  return { ...fitView(bounds, usualSize, { padding: usualPadding, maxZoom }), fit: { bounds, maxZoom } };
}

/** The view that shows every point (or the default one when there are none). */
export function viewOf(points: readonly MapPoint[], fallback: MapView = madrid, maxZoom = 10): MapView {
  return viewOfBounds(boundsOf(points), fallback, maxZoom);
}

/** Room kept around what a map fits, at a latitude: its largest dot (as drawn up to zoom 14), and a little more. */
export const fitPadding = (layers: readonly PointLayer[], lat: number) =>
  dotPixels(Math.max(10, ...layers.map((layer) => layer.radius ?? 10)), lat, 14) + 16;

/** The view as a map of this size shows it: what it is to fit, fitted to that size (with room for the dots). */
export function viewAtSize(view: MapView, size: MapSize, padding: number): MapView {
  if (!view.fit) return view;
  return { ...fitView(view.fit.bounds, size, { padding, maxZoom: view.fit.maxZoom }), fit: view.fit };
}
