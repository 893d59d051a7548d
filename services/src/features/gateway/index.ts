// Gateway: the probes' gateway routes and their credentials.

export { gatewayRoutes } from './gateway.routes.ts';
export { gatewayManifest } from './manifest.ts';
export { probeCredentialRoutes } from './probe-credentials.routes.ts';
