import { DomainError } from '@nq/contracts';
import { z } from 'zod';
import { readAll } from '../features/feature-routes.ts';
import { fileJob } from '../features/files/file-job.ts';
import { fileRecords } from '../features/files/file-records.ts';
import { csvFormat } from '../platform/csv/csv-writer.ts';
import type { JobKind } from '../platform/jobs/job-queue-port.ts';
import type { Platform } from '../platform/platform.ts';

const demoFileKind: JobKind<{ fileId: string; failFirstRun: boolean }> = {
  name: 'demo-file',
  payload: z.object({ fileId: z.string(), failFirstRun: z.boolean() }),
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 1_000 },
  timeoutMs: 60_000,
};

/**
 * The demo's files (files management screen): a CSV of the providers the demo configures; one of them fails on its
 * first run (as a real extraction may), so that the screen shows an errored file that its retry mends.
 */
export const demoFileJob = fileJob(demoFileKind, (platform) => async ({ failFirstRun }, output) => {
  if (failFirstRun && output.fileAttempts === 1) throw new DomainError('files.generationFailed');
  await platform.projector.waitFor(await platform.eventStore.head(), 10_000, 'configuration-providers');
  const providers = await readAll(platform.readStore, 'providers');
  const csv = csvFormat<(typeof providers)[number]>(['id', 'name']);
  output.stream.write(csv.header());
  for (const [index, provider] of providers.entries()) {
    output.stream.write(csv.lines([provider]));
    await output.progress({ percent: Math.round(((index + 1) / providers.length) * 100), rows: index + 1 });
  }
});

/** The demo administrator's two files, produced by the job workers once the platform runs. */
export async function loadDemoFiles(platform: Platform, owner: { userId: string; profileId: string }) {
  const records = fileRecords(platform);
  await records.request({
    fileId: 'file-demo-providers',
    service: 'csvExtractor',
    owner,
    name: 'demo-providers.csv',
    jobKind: demoFileKind,
    payload: { failFirstRun: false },
  });
  await records.request({
    fileId: 'file-demo-report',
    service: 'measurementReport',
    owner,
    name: 'demo-measurement-report.csv',
    jobKind: demoFileKind,
    payload: { failFirstRun: true },
    measurementId: 'demo-measurement',
  });
}
