import { fromPixel, toPixel } from './web-mercator.ts';

/** Where the user looks: the map's area (edges in degrees; past ±180 when it spans the antimeridian) and zoom. */
export interface MapViewport {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

const rounded = (value: number, digits: number) => Number(value.toFixed(digits));

/** The area a map of this size shows around its centre at its zoom (rounded: a tiny move is not a new area). */
export function viewportOf(state: {
  latitude: number;
  longitude: number;
  zoom: number;
  width: number;
  height: number;
}) {
  const centre = toPixel({ lat: state.latitude, lon: state.longitude }, state.zoom);
  const northWest = fromPixel({ x: centre.x - state.width / 2, y: centre.y - state.height / 2 }, state.zoom);
  const southEast = fromPixel({ x: centre.x + state.width / 2, y: centre.y + state.height / 2 }, state.zoom);
  return {
    west: rounded(northWest.lon, 4),
    south: rounded(southEast.lat, 4),
    east: rounded(southEast.lon, 4),
    north: rounded(northWest.lat, 4),
    zoom: rounded(state.zoom, 2),
  } satisfies MapViewport;
}
