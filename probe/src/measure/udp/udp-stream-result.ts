import { failureOf } from '../failure-of-error.ts';
import { errorResult, failure, finishedResult } from '../results.ts';
import type { TaskResult } from '../task-result.ts';
import type { UdpStreamOutcome, UdpStreamPlan } from './udp-round-trips.ts';

/**
 * A stream's result: `Finished` with its KPIs when anything came back; otherwise `Error` with loss 100 %, because the
 * port refused the datagrams (ICMP port unreachable) or nothing answered within the wait.
 */
export function udpStreamResult(
  testType: TaskResult['testType'],
  name: string,
  plan: UdpStreamPlan,
  outcome: UdpStreamOutcome,
  kpis: Record<string, number>,
): TaskResult {
  const destination = { name, ip: outcome.address };
  const details = { sent: outcome.sent, received: outcome.rtts.length };
  if (outcome.rtts.length > 0) return finishedResult(testType, destination, kpis, details);
  const why = outcome.error
    ? failureOf(outcome.error)
    : failure('timeout', `no answer to ${outcome.sent} packets within ${plan.replyWaitMs} ms`);
  return errorResult(testType, destination, why, { loss: 100 }, details);
}
