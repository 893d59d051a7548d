import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../dependency-unavailable.ts';
import { sleep, waitFor } from '../testing/wait-for.ts';
import {
  type JobKind,
  type JobQueue,
  type JobRegistration,
  type JobSnapshot,
  type JobWorkers,
  jobRegistration,
  PermanentJobFailure,
} from './job-queue-port.ts';
import {
  echoJob,
  flakyJob,
  gatedJob,
  limitedJob,
  openTestQueue,
  outageJob,
  survivorJob,
  type TestBackend,
  type TestQueueProcess,
  testLeaseMs,
  timedJob,
} from './jobs-test-backends.fixture.ts';

export interface JobsBackend {
  backend: TestBackend;
  /** Only one process may hold it at a time (PGlite): the suite closes its own before another opens it. */
  exclusive: boolean;
  drop(): Promise<void>;
}

const quiet = { warn: () => undefined, error: () => undefined };
const newId = (label: string) => `${label}-${randomUUID()}`;

/** The behaviour every Jobs adapter must show, each adapter's test file calling it with its backend. */
export function describeJobQueue(name: string, open: () => Promise<JobsBackend>) {
  describe(`Jobs contract — ${name}`, { timeout: 90_000 }, () => {
    let backend: JobsBackend;
    let current: TestQueueProcess;
    const queue = (): JobQueue => current.queue;
    const runs = new Map<string, number>();
    const gates = new Map<string, () => void>();
    const seenSignals = new Set<string>();

    const counted = <P>(kind: JobKind<P>, handle: (payload: P, id: string, signal: AbortSignal) => Promise<unknown>) =>
      jobRegistration(kind, async (payload, job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        return (await handle(payload, job.id, job.signal)) as Record<string, unknown> | undefined;
      });
    const gate = (key: string, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        gates.set(key, resolve);
        signal.addEventListener('abort', () => {
          seenSignals.add(key);
          reject(signal.reason);
        });
      });
    const attemptTimes = new Map<string, number[]>();
    let running = 0;
    let mostRunning = 0;

    const registrations = {
      echo: counted(echoJob, async ({ value }) => ({ echoed: value })),
      flaky: jobRegistration(flakyJob, async ({ failures }, job) => {
        attemptTimes.set(job.id, [...(attemptTimes.get(job.id) ?? []), Date.now()]);
        if (failures < 0) throw new PermanentJobFailure('this input can never work');
        if (job.attempt <= failures) throw new Error(`failure ${job.attempt}`);
        return { attempt: job.attempt };
      }),
      outage: jobRegistration(outageJob, async ({ outages }, job) => {
        const run = (runs.get(job.id) ?? 0) + 1;
        runs.set(job.id, run);
        if (run <= outages) throw new DependencyUnavailableError('read-store');
        return { runs: run, attempt: job.attempt };
      }),
      gated: jobRegistration(gatedJob, async ({ gate: key }, job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await job.reportProgress({ percent: 40, rows: 400 });
        await gate(`${key}-1`, job.signal);
        await job.reportProgress({ rows: 500 });
        await gate(`${key}-2`, job.signal);
        return undefined;
      }),
      limited: counted(limitedJob, async () => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await sleep(150);
        running -= 1;
      }),
      timed: counted(timedJob, async (_payload, _id, signal) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      }),
      survivor: jobRegistration(survivorJob, async ({ marks }) => {
        appendFileSync(marks, `started ${process.pid}\n`);
        await sleep(100);
        appendFileSync(marks, `completed ${process.pid}\n`);
        return undefined;
      }),
    } satisfies Record<string, JobRegistration>;

    /** Runs `work` with workers of the given kinds started on the current queue, stopped afterwards. */
    async function withWorkers<T>(kinds: JobRegistration[], work: (workers: JobWorkers) => Promise<T>) {
      const workers = await queue().startWorkers(kinds, { log: quiet });
      try {
        return await work(workers);
      } finally {
        await workers.stop();
      }
    }
    const settled = (id: string, timeoutMs = 30_000) =>
      waitFor(
        `job ${id} to end`,
        async () => ['completed', 'failed', 'cancelled'].includes((await queue().get(id))?.state ?? ''),
        timeoutMs,
      ).then(async () => (await queue().get(id)) as JobSnapshot);
    const restart = async () => {
      await current.close();
      current = await openTestQueue(backend.backend);
    };

    beforeAll(async () => {
      backend = await open();
      current = await openTestQueue(backend.backend);
    });
    afterAll(async () => {
      await current?.close();
      await backend?.drop();
    });

    it('runs a job once however often its id is enqueued, and answers the job already there', async () => {
      const id = newId('echo');
      const [first, second] = await Promise.all([
        queue().enqueue(echoJob, { value: 'a' }, { jobId: id }),
        queue().enqueue(echoJob, { value: 'b' }, { jobId: id }),
      ]);
      expect(first).toMatchObject({ id, kind: 'contract-echo', state: 'queued', attempts: 0 });
      expect(second?.id).toBe(id);
      await withWorkers([registrations.echo], async () => {
        const done = await settled(id);
        expect(done).toMatchObject({ state: 'completed', attempts: 1 });
        expect(done.result).toEqual({ echoed: (done.payload as { value: string }).value });
        const again = await queue().enqueue(echoJob, { value: 'c' }, { jobId: id });
        expect(again).toMatchObject({ id, state: 'completed' });
        await sleep(300);
      });
      expect(runs.get(id)).toBe(1);
    });

    it('refuses a payload its kind does not accept, and ids the adapters cannot all store', async () => {
      await expect(queue().enqueue(echoJob, { value: 7 } as never, { jobId: newId('bad') })).rejects.toThrow();
      await expect(queue().enqueue(echoJob, { value: 'x' }, { jobId: '12345' })).rejects.toThrow(/job id/);
      await expect(queue().enqueue(echoJob, { value: 'x' }, { jobId: 'a:b' })).rejects.toThrow(/job id/);
    });

    it('retries a failing job after waits that double, and completes it when an attempt works', async () => {
      const id = newId('flaky');
      await queue().enqueue(flakyJob, { failures: 2 }, { jobId: id });
      await withWorkers([registrations.flaky], async () => {
        expect(await settled(id)).toMatchObject({ state: 'completed', attempts: 3, result: { attempt: 3 } });
      });
      const [first = 0, second = 0, third = 0] = attemptTimes.get(id) ?? [];
      expect(second - first).toBeGreaterThanOrEqual(300 - 20);
      expect(third - second).toBeGreaterThanOrEqual(600 - 20);
    });

    it('fails a job with its last error once its attempts are spent, and at once when the failure is permanent', async () => {
      const spent = newId('flaky');
      const permanent = newId('flaky');
      await queue().enqueue(flakyJob, { failures: 5 }, { jobId: spent });
      await queue().enqueue(flakyJob, { failures: -1 }, { jobId: permanent });
      await withWorkers([registrations.flaky], async () => {
        expect(await settled(spent)).toMatchObject({ state: 'failed', attempts: 3, error: 'failure 3' });
        expect(await settled(permanent)).toMatchObject({
          state: 'failed',
          attempts: 1,
          error: 'this input can never work',
        });
      });
      expect(attemptTimes.get(spent)).toHaveLength(3);
      const failed = await queue().list({ kind: flakyJob.name, state: 'failed' });
      expect(failed.map((job) => job.id)).toEqual(expect.arrayContaining([spent, permanent]));
    });

    it('waits out a dependency that is down without spending attempts, and completes the job once it is back', async () => {
      const id = newId('outage');
      await queue().enqueue(outageJob, { outages: 4 }, { jobId: id });
      await withWorkers([registrations.outage], async () => {
        expect(await settled(id)).toMatchObject({ state: 'completed', attempts: 1, result: { runs: 5, attempt: 1 } });
      });
    });

    it('fails a run that outlasts its timeout, its signal fired', async () => {
      const id = newId('timed');
      await queue().enqueue(timedJob, {}, { jobId: id });
      await withWorkers([registrations.timed], async () => {
        expect(await settled(id)).toMatchObject({ state: 'failed', attempts: 2, error: 'timed out after 300 ms' });
      });
    });

    it('shows the progress a running job reports, by id and as changes', async () => {
      const id = newId('gated');
      const key = randomUUID();
      const changes: JobSnapshot[] = [];
      const unsubscribe = await queue().onChange((job) => job.id === id && changes.push(job));
      try {
        await queue().enqueue(gatedJob, { gate: key }, { jobId: id });
        await withWorkers([registrations.gated], async () => {
          await waitFor('the first progress', async () => (await queue().get(id))?.progress.rows === 400);
          expect(await queue().get(id)).toMatchObject({ state: 'running', progress: { percent: 40, rows: 400 } });
          await waitFor('the first gate', () => gates.has(`${key}-1`));
          gates.get(`${key}-1`)?.();
          await waitFor('more rows', async () => (await queue().get(id))?.progress.rows === 500);
          expect((await queue().get(id))?.progress).toEqual({ percent: 40, rows: 500 });
          await waitFor('the second gate', () => gates.has(`${key}-2`));
          gates.get(`${key}-2`)?.();
          expect(await settled(id)).toMatchObject({ state: 'completed', progress: { percent: 40, rows: 500 } });
        });
        await waitFor('the change to completed', () => changes.some((job) => job.state === 'completed'));
        expect(changes.some((job) => job.state === 'running' && job.progress.rows === 400)).toBe(true);
      } finally {
        await unsubscribe();
      }
    });

    it('never runs a job cancelled while queued', async () => {
      const id = newId('gated');
      await queue().enqueue(gatedJob, { gate: randomUUID() }, { jobId: id });
      expect(await queue().cancel(id)).toMatchObject({ id, state: 'cancelled' });
      await withWorkers([registrations.gated], async () => {
        const after = newId('gated');
        const key = randomUUID();
        await queue().enqueue(gatedJob, { gate: key }, { jobId: after });
        await waitFor('a later job to start', () => gates.has(`${key}-1`));
        await queue().cancel(after);
        await settled(after);
      });
      expect(runs.get(id)).toBeUndefined();
      expect(await queue().get(id)).toMatchObject({ state: 'cancelled' });
      expect((await queue().list({ state: 'cancelled' })).map((job) => job.id)).toContain(id);
      expect(await queue().enqueue(gatedJob, { gate: 'again' }, { jobId: id })).toMatchObject({ state: 'cancelled' });
    });

    it('fires the signal of a job cancelled while it runs, and ends it cancelled', async () => {
      const id = newId('gated');
      const key = randomUUID();
      await queue().enqueue(gatedJob, { gate: key }, { jobId: id });
      await withWorkers([registrations.gated], async () => {
        await waitFor('the job to wait at its gate', () => gates.has(`${key}-1`));
        const cancelling = await queue().cancel(id);
        expect(cancelling?.state, JSON.stringify(cancelling)).toMatch(/running|cancelled/);
        expect(await settled(id)).toMatchObject({ state: 'cancelled' });
      });
      expect(seenSignals.has(`${key}-1`)).toBe(true);
      expect(await queue().cancel(id)).toMatchObject({ state: 'cancelled' });
    });

    it('hands a running job back to the queue when its worker stops, and runs it again later', async () => {
      const id = newId('gated');
      const key = randomUUID();
      await queue().enqueue(gatedJob, { gate: key }, { jobId: id });
      await withWorkers([registrations.gated], async () => {
        await waitFor('the job to wait at its gate', () => gates.has(`${key}-1`));
      });
      expect(seenSignals.has(`${key}-1`)).toBe(true);
      expect(await queue().get(id)).toMatchObject({ state: 'queued' });
      gates.delete(`${key}-1`);
      await withWorkers([registrations.gated], async () => {
        await waitFor('the job to run again', () => gates.has(`${key}-1`));
        gates.get(`${key}-1`)?.();
        await waitFor('its second gate', () => gates.has(`${key}-2`));
        gates.get(`${key}-2`)?.();
        expect(await settled(id)).toMatchObject({ state: 'completed' });
      });
      expect(runs.get(id)).toBe(2);
    });

    it('runs no more jobs of a kind at once than its concurrency, across two workers', async () => {
      const ids = Array.from({ length: 8 }, () => newId('limited'));
      for (const [n, id] of ids.entries()) await queue().enqueue(limitedJob, { n }, { jobId: id });
      mostRunning = 0;
      const other = backend.exclusive ? undefined : await openTestQueue(backend.backend);
      const second = await (other?.queue ?? queue()).startWorkers([registrations.limited], { log: quiet });
      try {
        await withWorkers([registrations.limited], async () => {
          for (const id of ids) expect((await settled(id)).state).toBe('completed');
        });
      } finally {
        await second.stop();
        await other?.close();
      }
      expect(mostRunning).toBe(limitedJob.concurrency);
    });

    it('lists jobs by kind and state, and counts them per kind and state', async () => {
      const queued = [newId('echo'), newId('echo')];
      for (const id of queued) await queue().enqueue(echoJob, { value: id }, { jobId: id });
      const listed = await queue().list({ kind: echoJob.name, state: 'queued' });
      expect(listed.map((job) => job.id)).toEqual(expect.arrayContaining(queued));
      expect(listed.every((job) => job.kind === echoJob.name && job.state === 'queued')).toBe(true);
      expect((await queue().list({ kind: echoJob.name, limit: 1 })).length).toBe(1);
      const counts = await queue().counts();
      expect(counts[echoJob.name]?.queued).toBeGreaterThanOrEqual(2);
      expect(counts[flakyJob.name]?.failed).toBeGreaterThanOrEqual(2);
      expect(counts[gatedJob.name]?.cancelled).toBeGreaterThanOrEqual(2);
      await withWorkers([registrations.echo], async () => {
        for (const id of queued) await settled(id);
      });
      expect((await queue().counts())[echoJob.name]?.queued).toBe(0);
    });

    it('runs after a restart a job accepted before it', async () => {
      const id = newId('echo');
      await queue().enqueue(echoJob, { value: 'kept' }, { jobId: id });
      await restart();
      expect(await queue().get(id)).toMatchObject({ state: 'queued' });
      await withWorkers([registrations.echo], async () => {
        expect(await settled(id)).toMatchObject({ state: 'completed', result: { echoed: 'kept' } });
      });
    });

    it('completes once, in another worker, a job whose worker process was killed mid-run', async () => {
      const marks = join(mkdtempSync(join(tmpdir(), 'nq-jobs-')), 'marks');
      appendFileSync(marks, '');
      const id = newId('survivor');
      await queue().enqueue(survivorJob, { marks }, { jobId: id });
      if (backend.exclusive) await current.close();
      const child = spawn(process.execPath, [join(import.meta.dirname, 'job-worker-process.fixture.ts')], {
        env: { ...process.env, JOBS_TEST_BACKEND: JSON.stringify(backend.backend) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitFor(
          'the worker process to start the job',
          () => readFileSync(marks, 'utf8').includes(`started ${child.pid}`) || child.exitCode !== null,
          60_000,
        );
        expect(stderr).toBe('');
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      if (backend.exclusive) current = await openTestQueue(backend.backend);
      expect(await queue().get(id)).toMatchObject({ state: 'running', attempts: 1 });
      await withWorkers([registrations.survivor], async () => {
        expect(await settled(id, 30_000)).toMatchObject({ state: 'completed', attempts: 2 });
      });
      expect(readFileSync(marks, 'utf8').trim().split('\n')).toEqual([
        `started ${child.pid}`,
        `started ${process.pid}`,
        `completed ${process.pid}`,
      ]);
      await sleep(testLeaseMs);
      expect(await queue().get(id)).toMatchObject({ state: 'completed', attempts: 2 });
    });
  });
}
