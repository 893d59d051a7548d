import { layer3Bounds } from '../layer3.ts';
import { udpStreamRunner } from './udp-stream-runner.ts';

/** A game's traffic: small packets, `packetInterval` apart, for the task's `duration`. */
export const runGaming = udpStreamRunner('gaming', (task, host, port) => {
  const { replyWaitMs, sendForAtMostMs, exchangeForAtMostMs } = layer3Bounds(task.layer3);
  return {
    host,
    port,
    packetSize: task.packetSize,
    intervalMs: task.packetInterval,
    packets: { durationMs: task.duration },
    replyWaitMs,
    sendForAtMostMs,
    exchangeForAtMostMs,
  };
});
