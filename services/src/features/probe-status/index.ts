// Probe status: its routes and worker, and the probes a viewer sees.
export { probeStatusManifest } from './manifest.ts';
export { probeStatusRoutes } from './probe-status.routes.ts';
export { probeStatusWorker } from './probe-status.worker.ts';
export { visibleProbes } from './visible-probes.ts';
