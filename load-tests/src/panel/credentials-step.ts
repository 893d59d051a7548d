import { inParallel } from './in-parallel.ts';
import { latencies } from './latencies.ts';
import { type Credentials, expectStatus } from './panel-http.ts';
import type { PanelProbe } from './panel-probes.ts';
import type { PanelRun } from './panel-run.ts';
import type { StepOutcome } from './step-table.ts';

/** Gateway credentials for each probe that has none yet (each probe signs for itself at the gateway). */
export async function issueCredentials(run: PanelRun, probes: readonly PanelProbe[]): Promise<StepOutcome> {
  const { admin, concurrency, probeCredentials } = run;
  const missing = probes.filter((probe) => !probeCredentials.has(probe.probeId));
  const timing = latencies();
  await inParallel(missing, concurrency, async ({ probeId }) => {
    const answer = await admin('POST', `/probes/${probeId}/credentials`);
    const issued = expectStatus<Credentials>(answer, 201, `credentials of ${probeId}`);
    probeCredentials.set(probeId, { clientId: issued.clientId, clientSecret: issued.clientSecret });
    timing.add(answer.ms);
  });
  return { items: missing.length, unit: 'probes', notes: [`POST /probes/{id}/credentials p50/p95 ${timing.text()}`] };
}
