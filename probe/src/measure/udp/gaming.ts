import { udpStreamRunner } from './udp-stream-runner.ts';

/** A game's traffic: small packets, `packetInterval` apart, for the task's `duration`. */
export const runGaming = udpStreamRunner('gaming', (task) => ({ durationMs: task.duration }));
