import { processLog } from '../logging/process-log.ts';
import type { ConsumerStatus } from './log-port.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A consumer's status as its adapter sees it, and the warning logged once each time it changes (not at every
 * reconnection attempt in between).
 */
export function consumerStatusTracker(adapter: string, groupId: string) {
  let current: ConsumerStatus = { groupId, consuming: true, since: new Date(), interruptions: 0 };
  return {
    status: (): ConsumerStatus => ({ ...current }),
    /** It consumes again (or still). */
    up() {
      if (current.consuming) return;
      const seconds = Math.round((Date.now() - current.since.getTime()) / 1_000);
      processLog().warn(
        { adapter, groupId, seconds },
        `${adapter}: the consumer of ${groupId} consumes again, after ${seconds} s without`,
      );
      current = { groupId, consuming: true, since: new Date(), interruptions: current.interruptions };
    },
    /** It cannot consume: why (the latest failure is kept while it stays down). */
    down(failure: unknown) {
      const reason = messageOf(failure);
      if (!current.consuming) {
        current = { ...current, reason };
        return;
      }
      processLog().warn(
        { adapter, groupId, reason },
        `${adapter}: the consumer of ${groupId} cannot consume (${reason}); it keeps reconnecting`,
      );
      current = { groupId, consuming: false, since: new Date(), reason, interruptions: current.interruptions + 1 };
    },
    /** Its loop ended without being told to stop: it will never consume again. */
    ended(failure: unknown) {
      const reason = `its loop ended: ${messageOf(failure)}`;
      current = { ...current, consuming: false, since: new Date(), reason, ended: reason };
    },
  };
}
