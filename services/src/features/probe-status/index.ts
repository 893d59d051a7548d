// Probe status: its routes and worker, the fleet's scopes and counts.
export { type FleetScopes, fleetScopes } from './fleet-scope.ts';
export { probeStatusManifest } from './manifest.ts';
export { probeStatusWorker } from './probe-status.worker.ts';
