import { measurementFor, seededRandom } from '@nq/services/simulator/fleet-model';
import { latencies } from './latencies.ts';
import { runPaced } from './paced-load.ts';
import { failureOf, panelClient } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import type { StepOutcome } from './step-table.ts';
import { virtualProbeOf } from './virtual-probe.ts';

export interface ResultsLoad {
  perSecond: number;
  seconds: number;
  /** Results a probe sends in one request. */
  batch: number;
  maxInFlight: number;
  seed: number;
}

/** Step 5: results through `POST /gateway/v1/results`, each request a batch of one probe's, the probes in turn. */
export async function resultsStep(run: PanelRun, load: ResultsLoad): Promise<StepOutcome> {
  const probes = run.panel.probes.filter((probe) => run.probeCredentials.has(probe.probeId)).map(virtualProbeOf);
  const random = seededRandom(load.seed);
  const timing = latencies();
  const failures = new Map<string, number>();
  let accepted = 0;
  let rejected = 0;
  const paced = await runPaced({
    seconds: load.seconds,
    perSecond: load.perSecond / load.batch,
    maxInFlight: load.maxInFlight,
    send: async (index) => {
      const probe = probes[index % probes.length]!;
      const gateway = panelClient(run.address, run.probeCredentials.get(probe.probeId)!);
      const items = Array.from({ length: load.batch }, () => measurementFor(probe, new Date(), random));
      const answer = await gateway('POST', '/gateway/v1/results', { json: { items } }).catch(() => undefined);
      if (answer) timing.add(answer.ms);
      if (answer?.status === 202) {
        const body = answer.body as { accepted: number; rejected: unknown[] };
        accepted += body.accepted;
        rejected += body.rejected.length;
      } else {
        const failure = answer ? failureOf(answer) : 'no answer';
        failures.set(failure, (failures.get(failure) ?? 0) + 1);
      }
    },
  });
  return {
    items: accepted,
    unit: 'results',
    notes: [
      `target ${load.perSecond}/s in batches of ${load.batch} over ${probes.length.toLocaleString('en')} probes, ` +
        `accepted ${(accepted / paced.windowSeconds).toFixed(0)}/s`,
      `request p50/p95 ${timing.text()}`,
      ...(rejected ? [`${rejected} results rejected`] : []),
      ...(paced.behind ? [`${paced.behind} requests never sent (${load.maxInFlight} in flight at most)`] : []),
      ...[...failures].map(([failure, count]) => `${count} requests refused: ${failure}`),
    ],
  };
}
