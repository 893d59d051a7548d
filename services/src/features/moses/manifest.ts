import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { mosConfiguration } from './mos.entity.ts';

/** MOS: how a KPI value maps to a score. */
export const mosesManifest: FeatureManifest = { name: 'moses', entities: [mosConfiguration] };
