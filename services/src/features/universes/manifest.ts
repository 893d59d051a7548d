import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { universeConfiguration } from './universe.entity.ts';

/** Universes: named sets of probes analysed together. */
export const universesManifest: FeatureManifest = { name: 'universes', entities: [universeConfiguration] };
