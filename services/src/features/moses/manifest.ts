import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { mosConfiguration } from './mos.entity.ts';

/** MOS: how a KPI value maps to a score. */
export const mosesManifest: FeatureManifest = { name: 'moses', entities: [mosConfiguration] };
