import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { probeConfiguration } from './probe.entity.ts';

/** Probes: the fleet, its configuration and its CSV import. */
export const probesManifest: FeatureManifest = { name: 'probes', entities: [probeConfiguration] };
