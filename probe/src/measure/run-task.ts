import { type TaskOf, type TaskType, testTypeOfTask } from '@nq/contracts';
import { dnsRunner } from './dns/dns.ts';
import { failureOf } from './failure-of-error.ts';
import { icmpPingRunner } from './ping/icmp-ping.ts';
import { runTcpPing } from './ping/tcp-ping.ts';
import { errorResult, failure, notApplyResult } from './results.ts';
import type { RunContext, RunTask, TaskResult } from './task-result.ts';
import { tracerouteRunner } from './traceroute/traceroute.ts';
import { httpTransferRunner } from './transfer/http-transfer.ts';
import { runGaming } from './udp/gaming.ts';
import { runTwamp } from './udp/twamp.ts';
import { runVoip } from './udp/voip.ts';
import { webBrowsingRunner } from './web/web-browsing.ts';

type Runner<Type extends TaskType> = (task: TaskOf<Type>, context: RunContext) => Promise<TaskResult[]>;

/** The test types this agent measures; the others (FTP, video, YouTube, POLQA, messaging) it cannot run. */
const runners: { [Type in TaskType]?: Runner<Type> } = {
  'icmp-ping': icmpPingRunner(),
  'tcp-ping': runTcpPing,
  twamp: runTwamp,
  gaming: runGaming,
  voip: runVoip,
  dns: dnsRunner(),
  'web-browsing': webBrowsingRunner(),
  'http-download': httpTransferRunner('download'),
  'http-upload': httpTransferRunner('upload'),
  traceroute: tracerouteRunner(),
};

const runnerOf = <Type extends TaskType>(type: Type) => runners[type] as Runner<Type> | undefined;

/**
 * Runs a task once, within its `timeout`: one result per destination. A run that overruns its timeout ends as the
 * run's abort would, its unfinished destinations `Error` (timeout) rather than `Cancelled`.
 */
export const runTask: RunTask = async (task, context) => {
  // A task type the measurement contract does not know keeps its own name, so that the gateway refuses it visibly.
  const testType = testTypeOfTask(task.type) ?? (task.type as TaskResult['testType']);
  const runner = runnerOf(task.type);
  if (!runner) return [notApplyResult(testType, `this agent cannot run ${task.type} tests`)];
  const overrun = AbortSignal.timeout(task.timeout);
  const signal = AbortSignal.any([context.signal, overrun]);
  const results = await runner(task, { ...context, signal }).catch((error: unknown) => [
    errorResult(testType, undefined, failureOf(error)),
  ]);
  if (!overrun.aborted || context.signal.aborted) return results;
  const overran = failure('timeout', `the run overran its timeout of ${task.timeout} ms`);
  return results.map((result) =>
    result.status === 'Cancelled' ? errorResult(result.testType, result.destination, overran) : result,
  );
};
