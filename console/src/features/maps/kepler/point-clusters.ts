import { fromPixel, type Pixel, toPixel } from './web-mercator.ts';
import { levels, maxLevel } from './zoom-levels.ts';

export interface Located {
  lat: number;
  lon: number;
}

/** One dot of a layer at a level: the points it stands for (one, or a cluster of them). */
export interface ClusterDot<P extends Located> {
  level: number;
  lat: number;
  lon: number;
  members: readonly P[];
}

export interface ClusterOptions {
  /**
   * How many pixels a dot's radius is at a level: points whose dots would touch there are drawn as one, and dots set
   * side by side are a diameter apart.
   */
  dotRadius: (level: number) => number;
}

interface Item<P> {
  layer: number;
  point: P;
  at: Pixel;
}

/** Points grouped around the first of them within `distance` pixels, looked up in a grid of that size. */
function groupsOf<P>(items: readonly Item<P>[], distance: number): Item<P>[][] {
  const cellOf = (at: Pixel) => [Math.floor(at.x / distance), Math.floor(at.y / distance)] as const;
  const grid = new Map<string, { leader: Pixel; members: Item<P>[] }[]>();
  const groups: { leader: Pixel; members: Item<P>[] }[] = [];
  for (const item of items) {
    const [column, row] = cellOf(item.at);
    let nearest: { leader: Pixel; members: Item<P>[] } | undefined;
    let nearestDistance = distance;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const group of grid.get(`${column + dx}/${row + dy}`) ?? []) {
          const away = Math.hypot(group.leader.x - item.at.x, group.leader.y - item.at.y);
          if (away <= nearestDistance) [nearest, nearestDistance] = [group, away];
        }
    if (nearest) {
      nearest.members.push(item);
      continue;
    }
    const group = { leader: item.at, members: [item] };
    groups.push(group);
    const key = `${column}/${row}`;
    grid.set(key, [...(grid.get(key) ?? []), group]);
  }
  return groups.map((group) => group.members);
}

/** `count` positions around a centre, `spacing` apart, the first one above it (one: the centre itself). */
function ring(centre: Pixel, count: number, spacing: number): Pixel[] {
  if (count === 1) return [centre];
  const radius = spacing / (2 * Math.sin(Math.PI / count));
  return Array.from({ length: count }, (_, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
    return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
  });
}

const centreOf = (items: readonly Item<unknown>[]): Pixel => ({
  x: items.reduce((sum, item) => sum + item.at.x, 0) / items.length,
  y: items.reduce((sum, item) => sum + item.at.y, 0) / items.length,
});

/**
 * Each layer's dots at every level. At a level, points of any layer whose dots would touch form a group: each
 * layer present in it is one dot standing for its points there (its count), the dots of a group side by side around
 * its centre so that none hides another. Zooming in splits the groups; at the last level every point is its own dot,
 * and points at one place are spread around it.
 */
export function clusterLayers<P extends Located>(
  layers: readonly (readonly P[])[],
  { dotRadius }: ClusterOptions,
): ClusterDot<P>[][] {
  const dots: ClusterDot<P>[][] = layers.map(() => []);
  for (const level of levels) {
    const radius = dotRadius(level);
    const [distance, spacing] = [2 * radius + 8, 2 * radius + 2];
    const items = layers.flatMap((points, layer) =>
      points.map((point) => ({ layer, point, at: toPixel(point, level) })),
    );
    for (const group of groupsOf(items, distance)) {
      const centre = centreOf(group);
      const parts =
        level === maxLevel
          ? group.map((item) => ({ layer: item.layer, members: [item] }))
          : [...new Set(group.map((item) => item.layer))]
              .sort((a, b) => a - b)
              .map((layer) => ({ layer, members: group.filter((item) => item.layer === layer) }));
      const places = parts.length === 1 ? [centreOf(parts[0]!.members)] : ring(centre, parts.length, spacing);
      parts.forEach((part, index) => {
        dots[part.layer]!.push({
          level,
          ...fromPixel(places[index]!, level),
          members: part.members.map((item) => item.point),
        });
      });
    }
  }
  return dots;
}
