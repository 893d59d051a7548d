import { inParallel } from './in-parallel.ts';
import { latencies } from './latencies.ts';
import { expectStatus } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import type { StepOutcome } from './step-table.ts';

/** Step 1: the providers, task suites and campaigns, through their routes, a few requests at once. */
export async function configurationStep({ panel, admin, concurrency }: PanelRun): Promise<StepOutcome> {
  const kinds: { what: string; path: string; bodies: readonly { name: string }[] }[] = [
    { what: 'providers', path: '/api/providers/', bodies: panel.providers },
    { what: 'task suites', path: '/task-suites/', bodies: panel.taskSuites },
    { what: 'campaigns', path: '/api/campaigns-management/', bodies: panel.campaigns },
  ];
  const notes: string[] = [];
  let items = 0;
  for (const { what, path, bodies } of kinds) {
    const timing = latencies();
    await inParallel(bodies, concurrency, async (body) => {
      const answer = await admin('POST', path, { json: body });
      expectStatus(answer, 201, `POST ${path} ${body.name}`);
      timing.add(answer.ms);
    });
    items += bodies.length;
    notes.push(`${bodies.length} ${what} p50/p95 ${timing.text()}`);
  }
  return { items, unit: 'requests', notes };
}
