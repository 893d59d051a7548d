import { seededRandom, statusOf } from '@nq/services/simulator/fleet-model';
import { latencies } from './latencies.ts';
import { runPaced } from './paced-load.ts';
import { failureOf, panelClient } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import { statusLagSampler } from './status-lag.ts';
import type { StepOutcome } from './step-table.ts';
import { virtualProbeOf } from './virtual-probe.ts';

export interface HeartbeatLoad {
  seconds: number;
  maxInFlight: number;
  /** How often a report is taken to follow its status lag. */
  lagSampleEveryMs: number;
  seed: number;
}

/**
 * Step 4: every probe with credentials reports its status once a minute through `POST /gateway/v1/status`, signed by
 * itself (the gateway takes a probe's own reports only), spread evenly over the minute: probes / 60 reports a second.
 */
export async function heartbeatStep(run: PanelRun, load: HeartbeatLoad): Promise<StepOutcome> {
  const probes = run.panel.probes.filter((probe) => run.probeCredentials.has(probe.probeId));
  const needed = probes.length / 60;
  const random = seededRandom(load.seed);
  const timing = latencies();
  const lag = statusLagSampler(run.admin);
  const failures = new Map<string, number>();
  let accepted = 0;
  let nextSampleAt = 0;
  const paced = await runPaced({
    seconds: load.seconds,
    perSecond: needed,
    maxInFlight: load.maxInFlight,
    send: async (index) => {
      const probe = probes[index % probes.length]!;
      const gateway = panelClient(run.address, run.probeCredentials.get(probe.probeId)!);
      const report = statusOf(virtualProbeOf(probe), new Date(), random);
      const sentAt = performance.now();
      const answer = await gateway('POST', '/gateway/v1/status', { json: { items: [report] } }).catch(() => undefined);
      if (answer) timing.add(answer.ms);
      if (answer?.status === 202 && (answer.body as { accepted: number }).accepted === 1) {
        accepted++;
        if (sentAt >= nextSampleAt && lag.offer(probe.probeId, report.reportedAt, sentAt))
          nextSampleAt = sentAt + load.lagSampleEveryMs;
      } else {
        const failure = answer ? failureOf(answer) : 'no answer';
        failures.set(failure, (failures.get(failure) ?? 0) + 1);
      }
    },
  });
  const achieved = accepted / paced.windowSeconds;
  return {
    items: accepted,
    unit: 'reports',
    notes: [
      `needed ${needed.toFixed(1)}/s for ${probes.length.toLocaleString('en')} probes, accepted ${achieved.toFixed(1)}/s ` +
        `(${((achieved / needed) * 100).toFixed(1)} %)`,
      `request p50/p95 ${timing.text()}`,
      ...(paced.behind ? [`${paced.behind} reports never sent (${load.maxInFlight} in flight at most)`] : []),
      ...[...failures].map(([failure, count]) => `${count} refused: ${failure}`),
      await lag.settled(),
    ],
  };
}
