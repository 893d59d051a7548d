import type { TaskOf } from '@nq/contracts';
import { cancelledResult, errorResult, failure, finishedResult, notApplyResult } from '../results.ts';
import { type CommandOutcome, runSystemCommand } from '../system-command.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { parseTracerouteOutput } from './traceroute-output.ts';

const methodArgument = { icmp: ['-I'], tcp: ['-T'], udp: [] } as const;

const notPermitted = (stderr: string) => /enough privileges|Operation not permitted/.test(stderr);

function tracerouteArguments(task: TaskOf<'traceroute'>, protocol: TaskOf<'traceroute'>['protocol']) {
  const wait = task.layer3 ? ['-w', (task.layer3.waitTime / 1000).toFixed(3)] : [];
  return ['-n', '-q', '3', '-m', String(task.hops), ...methodArgument[protocol], ...wait, task.host];
}

/**
 * A traceroute with the system's `traceroute` (Linux traceroute 2.x): three probes per hop up to `hops`, by ICMP, TCP
 * SYN or UDP, each answer awaited the layer 3 wait time, within the task's `ttl` (the whole trace's time limit, as is
 * the layer 3 TTL; traceroute has no send time to bound). ICMP and TCP probes need raw sockets (root or
 * CAP_NET_RAW): without them the trace is made with UDP probes instead, which any user may send, and `details.tool`
 * says so. A machine without traceroute gets `Not apply`.
 */
export function tracerouteRunner(binary = 'traceroute') {
  return async (task: TaskOf<'traceroute'>, context: RunContext): Promise<TaskResult[]> => {
    const timeLimitMs = Math.min(task.ttl, task.layer3?.ttl ?? Number.POSITIVE_INFINITY);
    const timeLimit = AbortSignal.timeout(timeLimitMs);
    const signal = AbortSignal.any([context.signal, timeLimit]);
    let protocol = task.protocol;
    let outcome: CommandOutcome = await runSystemCommand(binary, tracerouteArguments(task, protocol), signal);
    if (outcome.ran && protocol !== 'udp' && notPermitted(outcome.stderr)) {
      protocol = 'udp';
      outcome = await runSystemCommand(binary, tracerouteArguments(task, protocol), signal);
    }
    const name = task.host;
    if (context.signal.aborted) return [cancelledResult('traceroute', { name })];
    if (!outcome.ran) return [notApplyResult('traceroute', `cannot run traceroute tests: ${outcome.why}`, { name })];
    const output = parseTracerouteOutput(outcome.stdout);
    const destination = { name, ...(output.target ? { ip: output.target } : {}) };
    const details = {
      hops: output.hops,
      ...(protocol === task.protocol ? {} : { tool: `traceroute by udp (${task.protocol} not permitted)` }),
    };
    if (output.reachedAt !== undefined)
      return [finishedResult('traceroute', destination, { hops: output.reachedAt }, details)];
    const said = outcome.stderr.trim().split('\n')[0] ?? '';
    const why = timeLimit.aborted
      ? failure('timeout', `the trace did not end within ${timeLimitMs} ms`)
      : /Name or service not known|Cannot handle "host"|Temporary failure in name resolution/.test(said)
        ? failure('dnsFailure', said)
        : !output.target
          ? failure('other', said || `traceroute exited with ${outcome.exitCode}`)
          : failure('timeout', `${output.target} did not answer within ${task.hops} hops`);
    return [errorResult('traceroute', destination, why, {}, details)];
  };
}
