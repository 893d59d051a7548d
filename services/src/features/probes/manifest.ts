import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { probeConfiguration } from './probe.entity.ts';

/** Probes: the fleet, its configuration and its CSV import. */
export const probesManifest: FeatureManifest = { name: 'probes', entities: [probeConfiguration] };
