import { inParallel } from './in-parallel.ts';
import { latencies } from './latencies.ts';
import { membershipOf, type PanelGroup } from './panel-groups.ts';
import { expectStatus, type PanelClient } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import type { StepOutcome } from './step-table.ts';

const clustersPath = '/api/clusters-management/';

const bodyOf = ({ members, ...group }: PanelGroup) => ({ ...group, probes: members.map(membershipOf) });

async function create(admin: PanelClient, path: string, group: PanelGroup) {
  const answer = await admin('POST', path, { json: bodyOf(group) });
  const { id } = expectStatus<{ id: string }>(answer, 201, `POST ${path} ${group.name}`);
  return { id, ms: answer.ms };
}

/**
 * Step 3: the clusters (the provincial ones a few at once, then the national samples of 1,000 and 10,000 probes alone,
 * each timed) and the universes, with their members.
 */
export async function groupsStep(run: PanelRun): Promise<StepOutcome> {
  const { panel, admin, concurrency, clusterIds } = run;
  const { provincial, small, large } = panel.clusters;
  const provincialTiming = latencies();
  await inParallel(provincial, concurrency, async (cluster) => {
    const { id, ms } = await create(admin, clustersPath, cluster);
    clusterIds.set(cluster.name, id);
    provincialTiming.add(ms);
  });
  const notes = [`${provincial.length} provincial clusters p50/p95 ${provincialTiming.text()}`];
  for (const sample of [small, large]) {
    const { id, ms } = await create(admin, clustersPath, sample);
    clusterIds.set(sample.name, id);
    notes.push(`cluster of ${sample.members.length.toLocaleString('en')} members ${ms.toFixed(0)} ms`);
  }
  const universeTiming = latencies();
  await inParallel(panel.universes, concurrency, async (universe) => {
    universeTiming.add((await create(admin, '/universes/', universe)).ms);
  });
  const members = [...provincial, small, large, ...panel.universes].reduce((sum, g) => sum + g.members.length, 0);
  notes.push(
    `${panel.universes.length} universes p50/max ${universeTiming.text([0.5, 1])}`,
    `${members.toLocaleString('en')} memberships in all`,
  );
  return { items: provincial.length + 2 + panel.universes.length, unit: 'requests', notes };
}

/** The national samples' ids in a kept run, found by name (step 3 did not run this time). */
export async function findSampleClusters({ panel, admin, clusterIds }: PanelRun) {
  for (const { name } of [panel.clusters.small, panel.clusters.large]) {
    if (clusterIds.has(name)) continue;
    const answer = await admin('GET', `${clustersPath}?q=${encodeURIComponent(name)}&fields=name`);
    const { list } = expectStatus<{ list: { id: string; name: string }[] }>(answer, 200, 'clusters by name');
    const found = list.find((cluster) => cluster.name === name);
    if (found) clusterIds.set(name, found.id);
  }
}
