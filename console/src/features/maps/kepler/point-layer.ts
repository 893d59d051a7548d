// A layer of points of one colour, as the console's pages give it to the map (map-layers.ts makes kepler's config).

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
  /**
   * Points close together at the zoom the map is seen at are drawn as one dot with their count (named so in the
   * tooltip), and spread as the map zooms in.
   */
  cluster?: { countLabel: string };
  /** A text detail written on each dot (the count of a cluster made by the server): drawn as given, not clustered. */
  written?: string;
}

/** Every detail the points have, in the order they first appear. */
export const detailNamesOf = (points: readonly MapPoint[]) => [
  ...new Set(points.flatMap((point) => Object.keys(point.details))),
];

/** Whether a detail is a number wherever it is given (kepler is told each column's type). */
export const isNumeric = (points: readonly MapPoint[], name: string) =>
  points.every((point) => point.details[name] === null || typeof point.details[name] === 'number');
