import { type Launch, type LaunchReport, testTypeOfTask } from '@nq/contracts';
import { measurementOf, type VirtualProbe } from './fleet-model.ts';

// What a virtual probe does with a launched task (the measurement launcher): it fetches the launch in progress from
// the gateway, as a real probe polls for commands, runs the task for a while and reports how it ended with the
// measurement it took.

/** How long a launched task takes on a virtual probe: its `duration` when it has one (kept short), else 2 s. */
export const runTimeOf = (task: Record<string, unknown>) =>
  Math.min(20_000, Math.max(1_000, typeof task.duration === 'number' ? task.duration : 2_000));

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** What the task measures against, as a measurement names its destination: its first server, host, URL or domain. */
function destinationOf(task: Record<string, unknown>): string | undefined {
  const [server] = listOf(task.servers) as { host?: unknown }[];
  const candidates = [server?.host, task.host, task.url, ...listOf(task.urls), ...listOf(task.domains)];
  return candidates.find((candidate): candidate is string => typeof candidate === 'string');
}

/** The report of a launch run by `probe`: Finished, with a measurement of the task's test type taken `at`. */
export function launchReport(probe: VirtualProbe, launch: Launch, at: Date, random: () => number): LaunchReport {
  const testType = testTypeOfTask(String(launch.task.type));
  // A task the probe cannot run (an unknown type) ends in error without a measurement.
  if (!testType) return { state: 'Error' };
  const program = typeof launch.task.id === 'string' ? launch.task.id : testType;
  const measurement = measurementOf(probe, { program, testType, destination: destinationOf(launch.task) }, at, random);
  return { state: 'Finished', measurement: { ...measurement, status: 'Finished' } };
}

type Gateway = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> | null }>;

/**
 * A probe's launch runner: `poll` fetches its launch in progress and starts it unless it already runs; when the run
 * is over the report goes back through the gateway. A launch cancelled or timed out meanwhile is refused there (409),
 * which ends it for the probe too. `stop` drops the runs not yet reported.
 */
export function launchRunner(
  probe: VirtualProbe,
  gateway: Gateway,
  random: () => number,
  onReported: (launch: Launch, status: number) => void,
) {
  // Every launch started, with its run's timer until it is over (kept after: a poll answered late may list it again).
  const started = new Map<string, ReturnType<typeof setTimeout> | undefined>();
  const reports = new Set<Promise<void>>();

  async function report(launch: Launch) {
    const answer = await gateway(
      'POST',
      `/gateway/v1/commands/${launch.id}`,
      launchReport(probe, launch, new Date(), random),
    );
    onReported(launch, answer.status);
  }

  return {
    async poll() {
      const answer = await gateway('GET', '/gateway/v1/commands');
      if (answer.status !== 200) return;
      for (const launch of (answer.body?.list ?? []) as Launch[]) {
        if (started.has(launch.id)) continue;
        const timer = setTimeout(() => {
          const reporting = report(launch)
            .catch(() => onReported(launch, 0))
            .finally(() => {
              started.set(launch.id, undefined);
              reports.delete(reporting);
            });
          reports.add(reporting);
        }, runTimeOf(launch.task));
        started.set(launch.id, timer);
      }
    },
    /** Drops the runs not over yet; answers once the reports already under way are answered. */
    async stop() {
      for (const timer of started.values()) clearTimeout(timer);
      await Promise.all(reports);
    },
  };
}
