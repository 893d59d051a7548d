import { Gauge, type Registry } from 'prom-client';
import type { ComponentProbe } from './health/process-health.ts';
import type { Platform, WorkerOptions } from './platform.ts';
import type { Projector } from './projector-port.ts';
import { runAsSingleWriter, type SingleWriter } from './single-writer.ts';

/** The projector is ready once it holds the lease and has caught up with the log as it was when it took it. */
const projectorProbe =
  (writer: SingleWriter, projector: Pick<Projector, 'progress'>): ComponentProbe =>
  async () => {
    const lease = writer.state();
    if (lease.state === 'standby' || lease.state === 'failed') return { state: lease.state, reason: lease.reason };
    if (lease.state !== 'holding') return { state: 'starting', reason: lease.reason };
    const { caughtUp, behind } = await projector.progress();
    if (caughtUp) return { state: 'ready', lag: behind };
    return { state: 'starting', lag: behind, reason: `catching up with the event log: ${behind} events behind` };
  };

function reportLease(metrics: Registry, writer: SingleWriter, projector: Pick<Projector, 'progress'>) {
  for (const name of ['nq_projector_lease_held', 'nq_projector_events_behind']) metrics.removeSingleMetric(name);
  new Gauge({
    name: 'nq_projector_lease_held',
    help: 'Whether this process holds the projector lease and projects (1), or waits on standby (0)',
    registers: [metrics],
    collect() {
      this.set(writer.state().state === 'holding' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'nq_projector_events_behind',
    help: 'Events the least advanced read model has yet to apply, in the process that projects',
    registers: [metrics],
    async collect() {
      this.reset();
      if (writer.state().state !== 'holding') return;
      const progress = await projector.progress().catch(() => undefined);
      if (progress) this.set(progress.behind);
    },
  });
}

/**
 * Runs the projector — the read models, and the workers of the projector's kind (file schedules, mail delivery) — in
 * one process at a time: each process that would project takes the projector lease first (a PostgreSQL advisory lock
 * on a connection of its own; in the embedded profile, the one process), and the others wait on standby, taking over
 * within a second or so of the holder's end. Two projectors would each apply events to a document as they last read
 * it. Resolves once the first attempt is decided (projecting here, or on standby) to the function that stops it.
 */
export async function startProjecting(
  platform: Platform,
  options: WorkerOptions & { onChange?: (state: string, reason: string) => void; retryMs?: number } = {},
) {
  const { projector } = platform;
  const writer = runAsSingleWriter({
    tryLock: (name) => platform.sql.tryLock(name),
    name: 'projector',
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
    ...(options.onChange ? { onChange: options.onChange } : {}),
    async start() {
      await projector.start();
      try {
        const stopWorkers = await platform.startWorkers({ ...options, processes: ['projector'] });
        return async () => {
          await stopWorkers();
          await projector.stop();
        };
      } catch (error) {
        await projector.stop();
        throw error;
      }
    },
  });
  const forget = platform.health.watch('projector', projectorProbe(writer, projector), () => {
    const { state, reason } = writer.state();
    return state === 'failed' ? reason : undefined;
  });
  reportLease(platform.metrics, writer, projector);
  const first = await writer.settled;
  return {
    /** Where the first attempt left it: `holding` (it projects here) or `standby`. */
    first,
    stop: async () => {
      await writer.stop();
      forget();
    },
  };
}
