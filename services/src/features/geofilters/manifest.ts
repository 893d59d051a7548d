import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { geofilterConfiguration } from './geofilter.entity.ts';

/** Geographic filters: areas measurements are narrowed to. */
export const geofiltersManifest: FeatureManifest = { name: 'geofilters', entities: [geofilterConfiguration] };
