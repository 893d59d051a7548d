// Cubes: stores, definitions, rows and routing, the engine for a platform's stores, maintainer and rebuilds, routes.

export { analyticsFor } from './analytics-for-store.ts';
export { cubeRoutes } from './cube.routes.ts';
export { cubeMaintainerWorker, startCubeMaintainer } from './cube.worker.ts';
export { fixedCubeDefinitions } from './cube-definitions.ts';
export { cubeFirstBuilds, cubeRebuildJob } from './cube-rebuild.job.ts';
export { rebuildCube } from './cube-rebuild.ts';
export { type CubeAggregate, cubeRouting } from './cube-routing.ts';
export { type CubeDefinition, rowIdOf, type StoredRow } from './cube-rows.ts';
export type { CubeStore } from './cube-store.ts';
export { elasticsearchCubeAnalytics } from './elasticsearch-cube-analytics.ts';
export { elasticsearchCubeStore } from './elasticsearch-cube-store.ts';
export { cubesManifest } from './manifest.ts';
export { slotOf } from './quantile-sketch.ts';
export { sqlCubeAnalytics } from './sql-cube-analytics.ts';
export { sqlCubeStore } from './sql-cube-store.ts';
