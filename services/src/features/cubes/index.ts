// Cubes: definitions, routing and the analytics over cube rows, the maintainer's worker, rebuilds, routes (the rows and
// their stores are the cubes read model, in @nq/projections).

export { analyticsFor } from './analytics-for-store.ts';
export { cubeRoutes } from './cube.routes.ts';
export { cubeMaintainerWorker, startCubeMaintainer } from './cube.worker.ts';
export { fixedCubeDefinitions } from './cube-definitions.ts';
export { cubeFirstBuilds, cubeRebuildJob } from './cube-rebuild.job.ts';
export { rebuildCube } from './cube-rebuild.ts';
export { type CubeAggregate, cubeRouting } from './cube-routing.ts';
export { suggestedName } from './cube-suggestion.ts';
export { elasticsearchCubeAnalytics } from './elasticsearch-cube-analytics.ts';
export { cubesManifest } from './manifest.ts';
export { sqlCubeAnalytics } from './sql-cube-analytics.ts';
