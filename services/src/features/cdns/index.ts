// CDNs: the CDN configuration.
export { cdnConfiguration } from './cdn.entity.ts';
