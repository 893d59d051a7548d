import { csvFormat } from '@nq/platform/csv/csv-writer';
import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import type { Platform } from '@nq/platform/platform';
import { readAll } from '@nq/platform/read-store/read-all';
import { z } from 'zod';
import { fileJob, fileRecords } from '../features/files/index.ts';

const demoFileKind: JobKind<{ fileId: string }> = {
  name: 'demo-file',
  payload: z.object({ fileId: z.string() }),
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 1_000 },
  timeoutMs: 60_000,
};

/**
 * The demo's files (files management screen): a CSV of the providers the demo configures. One of them is recorded
 * failed from the start (as a real extraction may fail), so that the screen shows an errored file that its retry
 * makes; its job never ran and failed, so a first start logs no job failure.
 */
export const demoFileJob = fileJob(demoFileKind, (platform) => async (_payload, output) => {
  await platform.projector.waitFor(await platform.eventStore.head(), 10_000, 'configuration-providers');
  const providers = await readAll(platform.readStore, 'providers');
  const csv = csvFormat<(typeof providers)[number]>(['id', 'name']);
  output.stream.write(csv.header());
  for (const [index, provider] of providers.entries()) {
    output.stream.write(csv.lines([provider]));
    await output.progress({ percent: Math.round(((index + 1) / providers.length) * 100), rows: index + 1 });
  }
});

/** The demo administrator's two files: one the job workers produce once the platform runs, one failed. */
export async function loadDemoFiles(platform: Platform, owner: { userId: string; profileId: string }) {
  const records = fileRecords(platform);
  await records.request({
    fileId: 'file-demo-providers',
    service: 'csvExtractor',
    owner,
    name: 'demo-providers.csv',
    jobKind: demoFileKind,
    payload: {},
  });
  await records.requestFailed(
    {
      fileId: 'file-demo-report',
      service: 'measurementReport',
      owner,
      name: 'demo-measurement-report.csv',
      jobKind: demoFileKind,
      payload: {},
      measurementId: 'demo-measurement',
    },
    'files.generationFailed',
  );
}
