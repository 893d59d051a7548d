// Clustered point layers (PointLayer.cluster): each dot of each zoom level as a row of a kepler dataset, the level's
// rows shown by a filter (zoom-levels.ts), a dot's count written on it.

import { clusterLayers } from './point-clusters.ts';
import { detailNamesOf, isNumeric, type MapPoint, type PointLayer } from './point-layer.ts';
import { dotPixels } from './web-mercator.ts';

/** The columns of a clustered layer's rows that kepler needs but the tooltip leaves out. */
export const clusterColumns = { level: 'zoomLevel', label: 'clusterLabel' } as const;

/** Several points' detail in one: their value when they share it, else the first few (numbers: none). */
function sharedDetail(points: readonly MapPoint[], name: string, numeric: boolean) {
  const values = [...new Set(points.map((point) => point.details[name] ?? null).filter((value) => value !== null))];
  if (values.length <= 1) return values[0] ?? null;
  if (numeric) return null;
  const shown = 3;
  return `${values.slice(0, shown).join(', ')}${values.length > shown ? ', …' : ''}`;
}

/**
 * The clustered layers' datasets: every dot of every level (a filter shows the level's), its count (written on the
 * dot when it stands for more than one point) and its points' detail. Their points are clustered together, so that
 * dots of different layers at one place are set side by side.
 */
export function clusterDatasets(layers: readonly (PointLayer & { cluster: { countLabel: string } })[]) {
  const radius = Math.max(...layers.map((layer) => layer.radius ?? 10));
  const points = layers.flatMap((layer) => layer.points);
  const latitude = points.reduce((sum, point) => sum + point.lat, 0) / Math.max(1, points.length);
  const dots = clusterLayers(
    layers.map((layer) => layer.points),
    { dotRadius: (level) => dotPixels(radius, latitude, level) },
  );
  return layers.map((layer, index) => {
    const detailNames = detailNamesOf(layer.points);
    const numeric = new Map(detailNames.map((name) => [name, isNumeric(layer.points, name)]));
    return {
      info: { id: layer.id, label: layer.label },
      data: {
        fields: [
          { name: 'lat', type: 'real' },
          { name: 'lon', type: 'real' },
          { name: clusterColumns.level, type: 'integer' },
          { name: clusterColumns.label, type: 'string' },
          { name: layer.cluster.countLabel, type: 'integer' },
          ...detailNames.map((name) => ({ name, type: numeric.get(name) ? 'real' : 'string' })),
        ],
        rows: (dots[index] ?? []).map((dot) => [
          dot.lat,
          dot.lon,
          dot.level,
          dot.members.length > 1 ? String(dot.members.length) : '',
          dot.members.length,
          ...detailNames.map((name) => sharedDetail(dot.members, name, numeric.get(name) ?? false)),
        ]),
      },
      detailNames: [layer.cluster.countLabel, ...detailNames],
    };
  });
}

/** A clustered layer (its point layer config): its dots, each with its count (or the field given) written on it. */
export function clusterLayerConfig<Base extends { config: object }>(
  base: Base,
  written: { name: string; type: string } = { name: clusterColumns.label, type: 'string' },
) {
  return {
    ...base,
    config: {
      ...base.config,
      textLabel: [
        {
          field: written,
          color: [255, 255, 255] as [number, number, number],
          size: 12,
          offset: [0, 0],
          anchor: 'middle',
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
