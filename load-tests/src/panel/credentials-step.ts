import { latencies } from './latencies.ts';
import { type Credentials, expectStatus } from './panel-http.ts';
import type { PanelProbe } from './panel-probes.ts';
import type { PanelRun } from './panel-run.ts';
import type { StepOutcome } from './step-table.ts';

/** Probes a request of the bulk route takes (`maxProbesPerCredentialsIssue`). */
const perRequest = 10_000;

/**
 * Gateway credentials for each probe that has none yet (each probe signs for itself at the gateway), through the bulk
 * route, as a panel is provisioned.
 */
export async function issueCredentials(run: PanelRun, probes: readonly PanelProbe[]): Promise<StepOutcome> {
  const { admin, probeCredentials } = run;
  const missing = probes.filter((probe) => !probeCredentials.has(probe.probeId)).map((probe) => probe.probeId);
  const timing = latencies();
  for (let start = 0; start < missing.length; start += perRequest) {
    const probeIds = missing.slice(start, start + perRequest);
    const answer = await admin('POST', '/probes/credentials', { json: { probeIds } });
    const issued = expectStatus<{ list: (Credentials & { probeId: string })[]; notFound: string[] }>(
      answer,
      201,
      `credentials of ${probeIds.length} probes`,
    );
    if (issued.notFound.length > 0) throw new Error(`no credentials for ${issued.notFound.slice(0, 5).join(', ')}…`);
    for (const { probeId, clientId, clientSecret } of issued.list)
      probeCredentials.set(probeId, { clientId, clientSecret });
    timing.add(answer.ms);
  }
  return {
    items: missing.length,
    unit: 'probes',
    notes: [`POST /probes/credentials, ${perRequest.toLocaleString('en')} probes a request, p50/p95 ${timing.text()}`],
  };
}
