import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { importCliCommand } from './import-command.ts';
import { resultImportsSchema } from './import-records.ts';
import { resultImportJob } from './result-import.job.ts';
import { resultImportRoutes } from './result-imports.routes.ts';

/** Results measured elsewhere (RIPE Atlas, M-Lab's ndt7, iperf3, Ookla) imported as measurements: a job, a command. */
export const resultImportsManifest: FeatureManifest = {
  name: 'result-imports',
  schema: [resultImportsSchema],
  jobs: [resultImportJob],
  commands: [importCliCommand],
  async routes(api, platform) {
    await api.register(resultImportRoutes, { platform });
  },
};
