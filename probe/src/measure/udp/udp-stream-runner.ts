import type { TaskOf } from '@nq/contracts';
import { twampPort } from '../../speed-server/twamp-packet.ts';
import { eachDestination, hostAndPort } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { layer3Bounds } from '../layer3.ts';
import { errorResult } from '../results.ts';
import { roundTripKpis } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { type UdpStreamPlan, udpRoundTrips } from './udp-round-trips.ts';
import { udpStreamResult } from './udp-stream-result.ts';

/**
 * Streams of UDP test packets to each server's reflector and what came back of them: latency (mean RTT less the
 * reflector's hold time), jitter and loss. Each stream sends the task's `packetSize` bytes `packetInterval` apart, as
 * many packets as `packetsOf` says, within the task's layer-3 bounds. A server without a port is reached at TWAMP's
 * 862, where the speed server's reflector answers behind its Service.
 */
export function udpStreamRunner<Type extends 'twamp' | 'gaming'>(
  testType: Type,
  packetsOf: (task: TaskOf<Type>) => UdpStreamPlan['packets'],
) {
  return (task: TaskOf<Type>, context: RunContext): Promise<TaskResult[]> => {
    const stream = task as TaskOf<'twamp' | 'gaming'>;
    return eachDestination(
      testType,
      stream.servers,
      (server) => hostAndPort(server.host, server.port ?? twampPort),
      context.signal,
      async (server) => {
        const port = server.port ?? twampPort;
        const name = hostAndPort(server.host, port);
        const plan: UdpStreamPlan = {
          host: server.host,
          port,
          packetSize: stream.packetSize,
          intervalMs: stream.packetInterval,
          packets: packetsOf(task),
          ...layer3Bounds(stream.layer3),
        };
        const outcome = await udpRoundTrips(plan, context.signal).catch((error: unknown) => error as Error);
        if (outcome instanceof Error) return errorResult(testType, { name }, failureOf(outcome));
        return udpStreamResult(testType, name, plan, outcome, roundTripKpis(outcome.rtts, outcome.sent));
      },
    );
  };
}
