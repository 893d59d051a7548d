import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { providerConfiguration } from './provider.entity.ts';

/** Providers: operators, their brand colours, IMSI and IP ranges. */
export const providersManifest: FeatureManifest = { name: 'providers', entities: [providerConfiguration] };
