// Gateway: the probes' gateway routes and their credentials.
export { gatewayRoutes } from './gateway.routes.ts';
export { probeCredentialRoutes } from './probe-credentials.routes.ts';
