import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteClient } from '../sql/pglite-client.ts';
import { describeMailOutbox } from './mail-outbox.suite.ts';

describeMailOutbox('PGlite (embedded)', async () => {
  // On disk, so that a restart opens the same database again.
  const dir = await mkdtemp(join(tmpdir(), 'nq-mail-outbox-'));
  return {
    open: () => openPgliteClient(dir),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
});
