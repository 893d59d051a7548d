import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { clusterConfiguration } from './cluster.entity.ts';

/** Clusters: named groups of probes, with their members over time. */
export const clustersManifest: FeatureManifest = { name: 'clusters', entities: [clusterConfiguration] };
