import { udpStreamRunner } from './udp-stream-runner.ts';

/** TWAMP light: `count` packets of `packetSize` bytes, `packetInterval` apart. */
export const runTwamp = udpStreamRunner('twamp', (task) => ({ count: task.count }));
