import { z } from 'zod';
import { openPgClient } from '../sql/pg-client.ts';
import { openPgliteClient } from '../sql/pglite-client.ts';
import { openBullmqJobQueue } from './bullmq-job-queue.ts';
import type { JobKind, JobQueue } from './job-queue-port.ts';
import { openSqlJobQueue } from './sql-job-queue.ts';

/** Where the contract suite's queue lives; passed as JSON to the worker process it kills. */
export type TestBackend =
  | { adapter: 'embedded'; database: 'pglite'; dir: string }
  | { adapter: 'embedded'; database: 'postgresql'; url: string }
  | { adapter: 'bullmq'; redisUrl: string; prefix: string };

/** A lease short enough for a dead worker's job to be taken again within the test. */
export const testLeaseMs = 1_500;

export const echoJob: JobKind<{ value: string }> = {
  name: 'contract-echo',
  payload: z.object({ value: z.string() }),
  concurrency: 4,
  retry: { attempts: 3, backoffMs: 50 },
};
export const flakyJob: JobKind<{ failures: number }> = {
  name: 'contract-flaky',
  payload: z.object({ failures: z.number().int() }),
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 300 },
};
/** Finds a dependency unavailable in its first `outages` runs (more than its attempts), then completes. */
export const outageJob: JobKind<{ outages: number }> = {
  name: 'contract-outage',
  payload: z.object({ outages: z.number().int() }),
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 100 },
};
/** Waits for the test to open its gate (or for its signal). */
export const gatedJob: JobKind<{ gate: string }> = {
  name: 'contract-gated',
  payload: z.object({ gate: z.string() }),
  concurrency: 4,
  retry: { attempts: 1, backoffMs: 50 },
};
export const limitedJob: JobKind<{ n: number }> = {
  name: 'contract-limited',
  payload: z.object({ n: z.number() }),
  concurrency: 2,
  retry: { attempts: 1, backoffMs: 50 },
};
export const timedJob: JobKind<Record<string, never>> = {
  name: 'contract-timed',
  payload: z.object({}),
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 50 },
  timeoutMs: 300,
};
/** Writes `started <pid>` and `completed <pid>` lines to the file its payload names. */
export const survivorJob: JobKind<{ marks: string }> = {
  name: 'contract-survivor',
  payload: z.object({ marks: z.string() }),
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 50 },
};

export const contractKinds = [
  echoJob,
  flakyJob,
  outageJob,
  gatedJob,
  limitedJob,
  timedJob,
  survivorJob,
] as JobKind<unknown>[];

export interface TestQueueProcess {
  queue: JobQueue;
  /** Closes the queue and, for the embedded adapter, its database client, as a process ending would. */
  close(): Promise<void>;
}

export async function openTestQueue(backend: TestBackend): Promise<TestQueueProcess> {
  if (backend.adapter === 'bullmq') {
    const queue = await openBullmqJobQueue({ ...backend, kinds: contractKinds, leaseMs: testLeaseMs });
    return { queue, close: () => queue.close() };
  }
  const sql = backend.database === 'pglite' ? await openPgliteClient(backend.dir) : await openPgClient(backend.url);
  const queue = await openSqlJobQueue(sql, { kinds: contractKinds, leaseMs: testLeaseMs, pollIntervalMs: 50 });
  return {
    queue,
    close: async () => {
      await queue.close();
      await sql.close();
    },
  };
}
