import type { TaskOf } from '@nq/contracts';
import { hostAndPort } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { defaultReplyWaitMs } from '../layer3.ts';
import { cancelledResult, errorResult, notApplyResult } from '../results.ts';
import { rounded, roundTripKpis } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { estimatedMos } from './e-model.ts';
import { udpRoundTrips } from './udp-round-trips.ts';
import { udpStreamResult } from './udp-stream-result.ts';
import { rtpHeaderBytes, voipCodecProfiles } from './voip-codecs.ts';

/**
 * A VoIP call's network side. The agent places no call (it has no phone line or SIP account to reach the task's
 * destination with): it sends a stream shaped as the codec's voice packets for `duration` to the speed server's
 * reflector and rates what came back as the call would have sounded. The result is filed under the task's destination.
 */
export async function runVoip(task: TaskOf<'voip'>, context: RunContext): Promise<TaskResult[]> {
  const destination = { name: task.destination };
  if (!context.speedServer)
    return [notApplyResult('voip', 'cannot run VoIP tests: no speed server to stream the call to', destination)];
  const codec = voipCodecProfiles[task.codec];
  const plan = {
    ...context.speedServer,
    packetSize: rtpHeaderBytes + codec.payloadBytes,
    intervalMs: codec.frameMs,
    packets: { durationMs: task.duration },
    replyWaitMs: defaultReplyWaitMs,
    sendForAtMostMs: Number.POSITIVE_INFINITY,
    exchangeForAtMostMs: Number.POSITIVE_INFINITY,
  };
  const outcome = await udpRoundTrips(plan, context.signal).catch((error: unknown) => error as Error);
  if (context.signal.aborted) return [cancelledResult('voip', destination)];
  if (outcome instanceof Error) return [errorResult('voip', destination, failureOf(outcome))];
  const { latency, jitter = 0, loss } = roundTripKpis(outcome.rtts, outcome.sent);
  // Mouth to ear: half the round trip, the codec's frame and a jitter buffer of twice the jitter.
  const oneWayDelayMs = (latency ?? 0) / 2 + codec.frameMs + 2 * jitter;
  const kpis = {
    jitter,
    loss: loss!,
    mos: rounded(estimatedMos({ oneWayDelayMs, lossPercent: loss!, codec })),
  };
  const result = udpStreamResult('voip', hostAndPort(plan.host, plan.port), plan, outcome, kpis);
  return [{ ...result, destination }];
}
