import type { TaskOf } from '@nq/contracts';
import { eachDestination, hostAndPort } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { layer3Bounds } from '../layer3.ts';
import { paced } from '../paced.ts';
import { errorResult, finishedResult } from '../results.ts';
import { roundTripKpis } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { addressOf, tcpConnectTime } from '../tcp-connect.ts';

/**
 * TCP ping: `count` connections to each server's port, `packetInterval` apart, each one's handshake time an RTT; a
 * connection not made within the layer 3 wait time is a lost packet. The handshake carries no payload, so `packetSize`
 * changes nothing on the wire here (the platform adds its 40 header bytes when it counts traffic).
 */
export function runTcpPing(task: TaskOf<'tcp-ping'>, context: RunContext): Promise<TaskResult[]> {
  const { replyWaitMs, sendForAtMostMs, exchangeForAtMostMs } = layer3Bounds(task.layer3);
  const sendingFor = Math.min(sendForAtMostMs, exchangeForAtMostMs);
  return eachDestination(
    'tcp-ping',
    task.servers,
    (server) => hostAndPort(server.host, server.port ?? task.port),
    context.signal,
    async (server) => {
      const port = server.port ?? task.port;
      const name = hostAndPort(server.host, port);
      const resolved = await addressOf(server.host).catch((error: unknown) => error as Error);
      if (resolved instanceof Error) return errorResult('tcp-ping', { name }, failureOf(resolved));
      const destination = { name, ip: resolved.address };
      const rtts: number[] = [];
      const errors: unknown[] = [];
      let sent = 0;
      const started = performance.now();
      await paced(
        task.packetInterval,
        context.signal,
        (index) => index < task.count && performance.now() - started < sendingFor,
        async () => {
          sent++;
          // An answer is awaited the wait time, but not past the exchange's end.
          const waitMs = Math.min(replyWaitMs, exchangeForAtMostMs - (performance.now() - started));
          await tcpConnectTime(resolved.address, port, Math.max(1, waitMs), context.signal).then(
            (rtt) => rtts.push(rtt),
            (error: unknown) => errors.push(error),
          );
        },
      );
      const kpis = roundTripKpis(rtts, sent, task.percentiles);
      const details = { sent, received: rtts.length };
      if (rtts.length > 0 || sent === 0) return finishedResult('tcp-ping', destination, kpis, details);
      return errorResult('tcp-ping', destination, failureOf(errors[0]), kpis, details);
    },
  );
}
