// Change markers: their routes and the finder of markers in a period.

export { changeMarkerRoutes } from './change-markers.routes.ts';
export { changeMarkerFinder } from './change-markers.ts';
export { changeMarkersManifest } from './manifest.ts';
