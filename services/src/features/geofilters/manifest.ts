import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { geofilterConfiguration } from './geofilter.entity.ts';

/** Geographic filters: areas measurements are narrowed to. */
export const geofiltersManifest: FeatureManifest = { name: 'geofilters', entities: [geofilterConfiguration] };
