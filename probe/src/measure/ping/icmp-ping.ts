import type { TaskOf } from '@nq/contracts';
import { eachDestination } from '../each-destination.ts';
import { layer3Bounds } from '../layer3.ts';
import { errorResult, failure, finishedResult, notApplyResult } from '../results.ts';
import { roundTripKpis } from '../round-trip-kpis.ts';
import { runSystemCommand } from '../system-command.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { minimalIntervalMs, parsePingOutput } from './ping-output.ts';

// iputils lets an unprivileged user send no faster than every 2 ms (200 ms before its 2021 releases): a shorter
// interval is raised to what ping says its limit is, and the ping run again once.
const unprivilegedFloorMs = 2;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The echoes sent within the layer 3 send time, and the whole exchange's deadline (`-w`) when there is one. */
function pingArguments(task: TaskOf<'icmp-ping'>, host: string, intervalMs: number) {
  const { replyWaitMs, sendForAtMostMs, exchangeForAtMostMs } = layer3Bounds(task.layer3);
  const count = Math.min(task.count, Math.ceil(sendForAtMostMs / intervalMs));
  // ping takes its deadline in whole seconds.
  const deadline = Number.isFinite(exchangeForAtMostMs) ? ['-w', String(Math.ceil(exchangeForAtMostMs / 1000))] : [];
  return [
    ...['-n', '-c', String(count), '-i', seconds(intervalMs), '-s', String(task.packetSize)],
    ...['-W', seconds(replyWaitMs), ...deadline, host],
  ];
}

const failureOfPing = (stderr: string, exitCode: number | null, firstError: string | undefined) => {
  const said = stderr.trim().split('\n')[0] ?? '';
  if (/Name or service not known|Temporary failure in name resolution|No address associated/.test(said))
    return failure('dnsFailure', said);
  if (/Network is unreachable|No route to host/.test(said)) return failure('noNetwork', said);
  if (firstError) return failure('noNetwork', firstError);
  // iputils exits 1 when no reply came, 2 on any other error (an argument it refused…).
  if (exitCode === 1) return failure('timeout', said || 'no reply');
  return failure('other', said || `ping exited with ${exitCode}`);
};

/**
 * ICMP echo with the system's `ping` (iputils): `count` echoes `packetInterval` apart, `packetSize` bytes of payload,
 * each answer awaited the layer 3 wait time. A machine without ping gets `Not apply`.
 */
export function icmpPingRunner(binary = 'ping') {
  return (task: TaskOf<'icmp-ping'>, context: RunContext): Promise<TaskResult[]> =>
    eachDestination(
      'icmp-ping',
      task.servers,
      (server) => server.host,
      context.signal,
      async ({ host }) => {
        const unprivileged = process.getuid?.() !== 0;
        let intervalMs = unprivileged ? Math.max(task.packetInterval, unprivilegedFloorMs) : task.packetInterval;
        let outcome = await runSystemCommand(binary, pingArguments(task, host, intervalMs), context.signal);
        const limitMs = outcome.ran ? minimalIntervalMs(outcome.stderr) : undefined;
        if (limitMs !== undefined && limitMs > intervalMs) {
          intervalMs = limitMs;
          outcome = await runSystemCommand(binary, pingArguments(task, host, intervalMs), context.signal);
        }
        if (!outcome.ran)
          return notApplyResult('icmp-ping', `cannot run ICMP ping tests: ${outcome.why}`, { name: host });
        const output = parsePingOutput(outcome.stdout);
        const destination = { name: host, ...(output.address ? { ip: output.address } : {}) };
        const sent = output.transmitted ?? output.received;
        const kpis = roundTripKpis(output.rtts, sent, task.percentiles);
        const details = { sent, received: output.received };
        if (output.received > 0) return finishedResult('icmp-ping', destination, kpis, details);
        const why = failureOfPing(outcome.stderr, outcome.exitCode, output.firstError);
        return errorResult('icmp-ping', destination, why, sent > 0 ? kpis : {}, details);
      },
    );
}
