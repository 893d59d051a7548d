import type { TaskOf } from '@nq/contracts';
import { twampPort } from '../../speed-server/twamp-packet.ts';
import { eachDestination, hostAndPort } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { errorResult } from '../results.ts';
import { roundTripKpis } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { type UdpStreamPlan, udpRoundTrips } from './udp-round-trips.ts';
import { udpStreamResult } from './udp-stream-result.ts';

/**
 * Streams of UDP test packets to each server's reflector and what came back of them: latency (mean RTT less the
 * reflector's hold time), jitter and loss. A server without a port is reached at TWAMP's 862, where the speed server's
 * reflector answers behind its Service.
 */
export function udpStreamRunner<Type extends 'twamp' | 'gaming'>(
  testType: Type,
  planOf: (task: TaskOf<Type>, host: string, port: number) => UdpStreamPlan,
) {
  return (task: TaskOf<Type>, context: RunContext): Promise<TaskResult[]> =>
    eachDestination(
      testType,
      (task as TaskOf<'twamp' | 'gaming'>).servers,
      (server) => hostAndPort(server.host, server.port ?? twampPort),
      context.signal,
      async (server) => {
        const name = hostAndPort(server.host, server.port ?? twampPort);
        const plan = planOf(task, server.host, server.port ?? twampPort);
        const outcome = await udpRoundTrips(plan, context.signal).catch((error: unknown) => error as Error);
        if (outcome instanceof Error) return errorResult(testType, { name }, failureOf(outcome));
        return udpStreamResult(testType, name, plan, outcome, roundTripKpis(outcome.rtts, outcome.sent));
      },
    );
}
