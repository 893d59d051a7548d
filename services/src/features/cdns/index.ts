// CDNs: the CDN configuration.

export { cdnConfiguration } from './cdn.entity.ts';
export { cdnsManifest } from './manifest.ts';
