import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeJobQueue } from './jobs.contract.ts';

describeJobQueue('embedded on PGlite', async () => {
  // On disk, so that a restart, and the worker process the suite kills, open the same database.
  const dir = await mkdtemp(join(tmpdir(), 'nq-jobs-pglite-'));
  return {
    backend: { adapter: 'embedded', database: 'pglite', dir },
    exclusive: true,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
});
