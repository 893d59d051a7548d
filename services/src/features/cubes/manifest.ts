import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { cubeConfiguration } from './cube.entity.ts';
import { cubeRoutes } from './cube.routes.ts';
import { cubeMaintainerWorker } from './cube.worker.ts';
import { cubeCliCommand } from './cube-cli.ts';
import { cubeFirstBuilds, cubeRebuildJob } from './cube-rebuild.job.ts';

/** Cubes: pre-aggregated measurements kept up to date by ingest, rebuilt on demand, answering analytics. */
export const cubesManifest: FeatureManifest = {
  name: 'cubes',
  entities: [cubeConfiguration],
  workers: [cubeMaintainerWorker, cubeFirstBuilds],
  jobs: [cubeRebuildJob],
  commands: [cubeCliCommand],
  async routes(api, platform) {
    await api.register(cubeRoutes, { platform });
  },
};
