import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { tagConfiguration } from './tag.entity.ts';

/** Tags: labels given to probes and their measurements. */
export const tagsManifest: FeatureManifest = { name: 'tags', entities: [tagConfiguration] };
