import { setTimeout as sleep } from 'node:timers/promises';
import { latencies } from './latencies.ts';
import type { PanelClient } from './panel-http.ts';

const pollEveryMs = 100;
const giveUpAfterMs = 60_000;
/** Followed at once at most: each polls the platform ten times a second, load the heartbeats should not carry. */
const followedAtOnce = 5;

/**
 * The status lag, sampled: a report the gateway accepted is followed in `GET /probes/{id}/status` until it shows
 * there; the lag is from the moment it was sent, to within the poll interval.
 */
export function statusLagSampler(admin: PanelClient) {
  const lags = latencies();
  const following = new Set<Promise<void>>();
  let neverShown = 0;
  let pollErrors = 0;

  async function follow(probeId: string, reportedAt: string, sentAt: number) {
    const reported = Date.parse(reportedAt);
    while (performance.now() - sentAt < giveUpAfterMs) {
      const answer = await admin('GET', `/probes/${probeId}/status`);
      const shown = (answer.body as { lastReportAt?: string | null } | null)?.lastReportAt;
      if (answer.status !== 200) pollErrors++;
      else if (shown && Date.parse(shown) >= reported) {
        lags.add(performance.now() - sentAt);
        return;
      }
      await sleep(pollEveryMs);
    }
    neverShown++;
  }

  return {
    /** Follows this report if fewer than the most are followed now; false when it was not taken. */
    offer(probeId: string, reportedAt: string, sentAt: number) {
      if (following.size >= followedAtOnce) return false;
      const followed: Promise<void> = follow(probeId, reportedAt, sentAt).finally(() => following.delete(followed));
      following.add(followed);
      return true;
    },
    async settled() {
      await Promise.all(following);
      return (
        `status lag p50/p99 ${lags.text([0.5, 0.99])} over ${lags.count} samples (polled every ${pollEveryMs} ms)` +
        (neverShown ? `, ${neverShown} not shown within ${giveUpAfterMs / 1_000} s` : '') +
        (pollErrors ? `, ${pollErrors} status reads refused` : '')
      );
    },
  };
}
