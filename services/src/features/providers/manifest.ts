import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { providerConfiguration } from './provider.entity.ts';

/** Providers: operators, their brand colours, IMSI and IP ranges. */
export const providersManifest: FeatureManifest = { name: 'providers', entities: [providerConfiguration] };
