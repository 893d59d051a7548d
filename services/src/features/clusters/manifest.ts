import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { clusterConfiguration } from './cluster.entity.ts';

/** Clusters: named groups of probes, with their members over time. */
export const clustersManifest: FeatureManifest = { name: 'clusters', entities: [clusterConfiguration] };
