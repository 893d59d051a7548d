import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseReceivedMail } from '@nq/platform/testing/received-mail';
import { describeAlertHistoryApi } from './alert-history-api.suite.ts';

describeAlertHistoryApi('embedded (e-mails written to the outbox folder)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nq-alert-history-'));
  const outbox = join(dataDir, 'outbox');
  return {
    environment: { DATA_DIR: dataDir },
    delivered: async () => {
      const files = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
      return Promise.all(files.map(async (name) => parseReceivedMail(await readFile(join(outbox, name)))));
    },
  };
});
