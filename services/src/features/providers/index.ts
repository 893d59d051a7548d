// Providers: the provider entity and the detector of a measurement's ISP.
export { providersManifest } from './manifest.ts';
export { providerConfiguration, providerEntity } from './provider.entity.ts';
export { ispOf, providerDetector, providerEntryFields } from './provider-detector.ts';
