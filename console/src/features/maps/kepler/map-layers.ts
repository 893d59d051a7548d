// What the console's maps draw, independent of kepler.gl: point layers of one colour each (a probe status, a value
// class), turned into kepler datasets and layer configs by `keplerConfig`. Pure, so it is unit-tested.

export interface MapPoint {
  lat: number;
  lon: number;
  /** Shown in the tooltip, in this order. */
  details: Record<string, string | number | null>;
}

export interface PointLayer {
  id: string;
  label: string;
  /** `#rrggbb` */
  colour: string;
  points: readonly MapPoint[];
  /** Pixels. */
  radius?: number;
}

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

/** Spec §2: the default map centre is a point in Madrid (Puerta del Sol). */
export const madrid: MapView = { lat: 40.4168, lon: -3.7038, zoom: 9 };

export const hexToRgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** The kepler dataset of a layer: lat, lon and the detail columns (kepler infers nothing: types are given). */
export function pointDataset(layer: PointLayer) {
  const detailNames = [...new Set(layer.points.flatMap((point) => Object.keys(point.details)))];
  const typeOf = (name: string) =>
    layer.points.every((point) => point.details[name] === null || typeof point.details[name] === 'number')
      ? 'real'
      : 'string';
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

type NamedFeature = { properties?: { name?: string; kind?: string }; geometry?: { type?: string } };

export interface Outlines {
  label: string;
  collection: { features: readonly NamedFeature[] };
}

/** A named place of the base map (a town, a district), drawn as a small dot with its name beside it. */
export interface Place {
  name: string;
  lat: number;
  lon: number;
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
    return [{ name: feature.properties?.name ?? '', lat, lon }];
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

/** Places as small dots with their names beside them (kepler's text labels). */
export function placeDataset(label: string, places: readonly Place[]) {
  return {
    info: { id: placeDataId, label },
    data: {
      fields: [
        { name: 'lat', type: 'real' },
        { name: 'lon', type: 'real' },
        { name: 'name', type: 'string' },
      ],
      rows: places.map((place) => [place.lat, place.lon, place.name]),
    },
  };
}

export function placeLayerConfig() {
  const layer = pointLayerConfig({ id: placeDataId, label: placeDataId, colour: '#000000', points: [], radius: 2 });
  return {
    ...layer,
    config: {
      ...layer.config,
      color: contextColours.place,
      textLabel: [
        {
          field: { name: 'name', type: 'string' },
          color: contextColours.placeName,
          size: 12,
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

/**
 * Everything kepler's `addDataToMap` takes: one dataset and layer per point layer, and the base map below them
 * (places, boundaries, then outlines); tooltips list each point layer's details and the base map's names; the view,
 * when it is to move.
 */
export function keplerConfig(layers: readonly PointLayer[], view: MapView | undefined, base: BaseMap = {}) {
  const datasets = layers.map(pointDataset);
  const { outlines, boundaries, places } = base;
  return {
    datasets: [
      ...(outlines ? [outlineDataset(outlineDataId, outlines)] : []),
      ...(boundaries ? [outlineDataset(boundaryDataId, boundaries)] : []),
      ...(places ? [placeDataset(places.label, places.places)] : []),
      ...datasets.map(({ info, data }) => ({ info, data })),
    ],
    config: {
      version: 'v1' as const,
      config: {
        visState: {
          // kepler draws the first layer of the list on top.
          layers: [
            ...layers.map(pointLayerConfig),
            ...(places ? [placeLayerConfig()] : []),
            ...(boundaries ? [boundaryLayerConfig(boundaryDataId)] : []),
            ...(outlines ? [outlineLayerConfig(outlineDataId)] : []),
          ],
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
  };
}

/** The view that shows every point (or the default one when there are none). */
export function viewOf(points: readonly MapPoint[], fallback: MapView = madrid, maxZoom = 10): MapView {
  if (points.length === 0) return fallback;
  const lats = points.map((point) => point.lat);
  const lons = points.map((point) => point.lon);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const span = Math.max(north - south, east - west, 0.01);
  // 360° fit in one 512-px tile at zoom 0; leave a margin around the points.
  const zoom = Math.max(1, Math.min(maxZoom, Math.log2(360 / span) - 1.5));
  return { lat: (south + north) / 2, lon: (west + east) / 2, zoom: Math.round(zoom * 10) / 10 };
}
