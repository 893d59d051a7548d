import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Dependency } from '../dependency.ts';
import type { JobQueue, JobWorkers, RunOutcome } from './job-queue-port.ts';

const reported = new WeakMap<Registry, { queue?: JobQueue; workers?: JobWorkers }>();

function reportedIn(metrics: Registry) {
  const known = reported.get(metrics);
  if (known) return known;
  const current: { queue?: JobQueue; workers?: JobWorkers } = {};
  reported.set(metrics, current);
  new Gauge({
    name: 'nq_jobs',
    help: 'Jobs per kind and state (queued is the queue depth; failed and cancelled are kept 30 days)',
    labelNames: ['kind', 'state'],
    registers: [metrics],
    async collect() {
      this.reset();
      const counts = await current.queue?.counts().catch(() => undefined);
      for (const [kind, states] of Object.entries(counts ?? {}))
        for (const [state, jobs] of Object.entries(states)) this.set({ kind, state }, jobs);
    },
  });
  new Gauge({
    name: 'nq_job_worker_running',
    help: "Jobs this process's job worker is running now",
    registers: [metrics],
    collect() {
      this.set(current.workers?.status().running ?? 0);
    },
  });
  new Counter({
    name: 'nq_job_runs_total',
    help: 'Runs of jobs in this process, by kind and how they ended (completed, retrying, failed, cancelled, released)',
    labelNames: ['kind', 'outcome'],
    registers: [metrics],
  });
  new Histogram({
    name: 'nq_job_run_duration_seconds',
    help: 'How long runs of jobs in this process took, by kind and how they ended',
    labelNames: ['kind', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [metrics],
  });
  return current;
}

/** Counts one ended run, and how long it took, on /metrics. */
export function countRun(metrics: Registry, kind: string, outcome: RunOutcome['outcome'], seconds: number) {
  reportedIn(metrics);
  (metrics.getSingleMetric('nq_job_runs_total') as Counter<'kind' | 'outcome'>).inc({ kind, outcome });
  (metrics.getSingleMetric('nq_job_run_duration_seconds') as Histogram<'kind' | 'outcome'>).observe(
    { kind, outcome },
    seconds,
  );
}

/** Reports the queue's depth per kind and state on /metrics, in every process that opens it. */
export function reportJobQueue(queue: JobQueue, metrics: Registry) {
  reportedIn(metrics).queue = queue;
}

/**
 * Reports a process's job worker like the log consumers: a dependency of /ready (`jobs-worker`, down with the reason
 * while the queue cannot be reached) and the jobs it runs on /metrics. Answers the function that stops reporting it.
 */
export function reportJobWorkers(
  workers: JobWorkers,
  into: { dependencies: Dependency[]; metrics: Registry; adapter: string },
): () => void {
  const current = reportedIn(into.metrics);
  current.workers = workers;
  const dependency: Dependency = {
    name: 'jobs-worker',
    adapter: into.adapter,
    check: async () => {
      const { working, reason } = workers.status();
      if (!working) throw new Error(`cannot take jobs: ${reason ?? 'the queue is unreachable'}`);
    },
  };
  into.dependencies.push(dependency);
  return () => {
    if (current.workers === workers) current.workers = undefined;
    const at = into.dependencies.indexOf(dependency);
    if (at >= 0) into.dependencies.splice(at, 1);
  };
}
