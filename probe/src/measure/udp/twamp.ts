import { layer3Bounds } from '../layer3.ts';
import { udpStreamRunner } from './udp-stream-runner.ts';

/** TWAMP light: `count` packets of `packetSize` bytes, `packetInterval` apart. */
export const runTwamp = udpStreamRunner('twamp', (task, host, port) => {
  const { replyWaitMs, sendForAtMostMs, exchangeForAtMostMs } = layer3Bounds(task.layer3);
  return {
    host,
    port,
    packetSize: task.packetSize,
    intervalMs: task.packetInterval,
    packets: { count: task.count },
    replyWaitMs,
    sendForAtMostMs,
    exchangeForAtMostMs,
  };
});
