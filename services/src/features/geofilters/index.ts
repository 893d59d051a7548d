// Geofilters: the geofilter entity and its configuration.

export { geofilterConfiguration, geofilterEntity } from './geofilter.entity.ts';
export { geofiltersManifest } from './manifest.ts';
