import { setTimeout as sleep } from 'node:timers/promises';
import { latencies } from './latencies.ts';
import { expectStatus } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import { probeCsvFiles } from './probe-csv-files.ts';
import type { StepOutcome } from './step-table.ts';

/** Step 2: the probes through the console's CSV import, one file after another, each of the most rows allowed. */
export async function importStep({ panel, admin }: PanelRun): Promise<StepOutcome> {
  const files = probeCsvFiles(panel.probes);
  const timing = latencies();
  let bytes = 0;
  for (const file of files) {
    const answer = await admin('POST', '/probes/import', {
      text: file.text,
      contentType: 'text/csv',
      headers: { 'x-file-name': file.name },
    });
    const { imported } = expectStatus<{ imported: number }>(answer, 201, `import of ${file.name}`);
    if (imported !== file.rows) throw new Error(`${file.name}: ${imported} imported of ${file.rows}`);
    timing.add(answer.ms);
    bytes += file.text.length;
  }
  return {
    items: panel.probes.length,
    unit: 'rows',
    notes: [
      `${files.length} files of ≤ ${files[0]?.rows ?? 0} rows (${(bytes / 1_048_576).toFixed(1)} MB), ` +
        `per file p50/max ${timing.text([0.5, 1])}`,
    ],
  };
}

/** Step 2b: until the probes list (its read model) counts every probe imported. */
export async function probesListedStep({ panel, admin }: PanelRun): Promise<StepOutcome> {
  const deadline = Date.now() + 30 * 60_000;
  let count = 0;
  while (count < panel.probes.length) {
    if (Date.now() > deadline) throw new Error(`${count} of ${panel.probes.length} probes listed after 30 minutes`);
    const answer = await admin('GET', '/probes/?pageSize=1&fields=id');
    count = expectStatus<{ count: number }>(answer, 200, 'the probes list').count;
    if (count < panel.probes.length) await sleep(250);
  }
  // No rate: the projection ran beside the import; what this row says is how long the list lagged behind it.
  return { items: 0, unit: '', notes: [`${count} probes listed (polled every 250 ms after the last file's answer)`] };
}
