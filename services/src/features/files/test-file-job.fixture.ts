import { DomainError } from '@nq/contracts';
import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { z } from 'zod';
import { fileJob } from './file-job.ts';

/** Gates a test opens to let a paused test job finish its file. */
export const testFileGates = new Map<string, () => void>();

export const testCsvKind: JobKind<{
  fileId: string;
  rows: number;
  fail?: 'always' | 'firstRun';
  pauseMidway?: boolean;
}> = {
  name: 'test-csv',
  payload: z.object({
    fileId: z.string(),
    rows: z.number().int().min(0),
    fail: z.enum(['always', 'firstRun']).optional(),
    pauseMidway: z.boolean().optional(),
  }),
  concurrency: 4,
  retry: { attempts: 1, backoffMs: 10 },
};

export const testCsvRow = (index: number) => `${index},value ${index}\n`;

/** A job kind registered by the files tests only: a CSV of numbered rows, failing or pausing halfway on request. */
export const testCsvJob = fileJob(testCsvKind, () => async ({ fileId, rows, fail, pauseMidway }, output) => {
  if (fail === 'always' || (fail === 'firstRun' && output.fileAttempts === 1))
    throw new DomainError('files.generationFailed');
  output.stream.write('n,label\n');
  for (let index = 1; index <= rows; index++) {
    output.stream.write(testCsvRow(index));
    if (pauseMidway && index === Math.ceil(rows / 2)) {
      await output.progress({ percent: 50, rows: index });
      await new Promise<void>((resolve) => testFileGates.set(fileId, resolve));
    }
  }
  await output.progress({ percent: 100, rows });
});

export const testHangingKind: JobKind<{ fileId: string }> = {
  name: 'test-hanging-csv',
  payload: z.object({ fileId: z.string() }),
  concurrency: 2,
  retry: { attempts: 2, backoffMs: 10 },
  timeoutMs: 300,
};

/** A file job whose producer hangs and ignores its signal: every run times out. */
export const testHangingJob = fileJob(testHangingKind, () => () => new Promise<void>(() => undefined));
