import type { LazyMap } from './LazyMap.tsx';

/**
 * What the page handed the map, for component tests: kepler.gl needs WebGL, which the simulated DOM has not, so the
 * tests stand this in for `LazyMap` (`vi.mock('./LazyMap.tsx', …)`) and read the props the screen gave it.
 */
export type MapProps = Parameters<typeof LazyMap>[0];
export const shownMaps: MapProps[] = [];
export const lastMap = () => shownMaps.at(-1);

export function MapStandIn(props: MapProps) {
  shownMaps.push(props);
  return <section aria-label={props.label} />;
}
