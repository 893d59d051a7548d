import type { Task } from '@nq/contracts';

type Layer3 = Extract<Task, { layer3?: unknown }>['layer3'];

/** How long a packet's answer is awaited, without layer 3 settings: a later answer counts as lost. */
export const defaultReplyWaitMs = 2_000;

/**
 * The layer 3 settings, each at least 60 s (task-limits.ts), read as bounds rather than per-packet settings: `waitTime`
 * is how long an answer is awaited (a packet's, or the last one's once sending is over), `sendTime` how long packets
 * are sent at most, `ttl` how long the whole exchange may last.
 */
export function layer3Bounds(layer3: Layer3) {
  return {
    replyWaitMs: layer3?.waitTime ?? defaultReplyWaitMs,
    sendForAtMostMs: layer3?.sendTime ?? Number.POSITIVE_INFINITY,
    exchangeForAtMostMs: layer3?.ttl ?? Number.POSITIVE_INFINITY,
  };
}
