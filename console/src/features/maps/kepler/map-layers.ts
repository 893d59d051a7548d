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

export interface Outlines {
  label: string;
  collection: { features: readonly { properties?: { name?: string } }[] };
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

/**
 * Everything kepler's `addDataToMap` takes: one dataset and layer per point layer, and the base outlines below them;
 * tooltips list each point layer's details; the view, when it is to move.
 */
export function keplerConfig(layers: readonly PointLayer[], view: MapView | undefined, outlines?: Outlines) {
  const datasets = layers.map(pointDataset);
  return {
    datasets: [
      ...(outlines ? [outlineDataset(outlineDataId, outlines)] : []),
      ...datasets.map(({ info, data }) => ({ info, data })),
    ],
    config: {
      version: 'v1' as const,
      config: {
        visState: {
          // kepler draws the first layer of the list on top.
          layers: [...layers.map(pointLayerConfig), ...(outlines ? [outlineLayerConfig(outlineDataId)] : [])],
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
                [outlineDataId, [{ name: 'name', format: null }]],
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
