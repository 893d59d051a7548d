import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { cdnConfiguration } from './cdn.entity.ts';

/** CDNs: the content networks measured, configured once for every profile. */
export const cdnsManifest: FeatureManifest = { name: 'cdns', entities: [cdnConfiguration] };
