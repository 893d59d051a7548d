import { probeStatuses, type StoryboardProbeStatus } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeFleetCollection } from '@nq/projections';
import { type ProbeSight, seenProbeFilters } from '../probes/index.ts';

type ProbeState = (typeof probeStatuses)[number];

/**
 * The probes the profile sees by the state each last reported (as the probe status screen lists them), counted by the
 * store from the fleet read model: always the fleet as it is now, which a pinned storyboard says (`current`).
 */
export async function probeStatusTile(
  readStore: ReadStore,
  sight: ProbeSight,
  viewer: Viewer,
  pinned = false,
): Promise<StoryboardProbeStatus> {
  const filters = seenProbeFilters(await sight.seenBy(viewer));
  const [total, states] = await Promise.all([
    readStore.count(probeFleetCollection, { filters }),
    readStore.countBy(probeFleetCollection, 'state', { filters }),
  ]);
  const byState = Object.fromEntries(probeStatuses.map((state) => [state, 0])) as Record<ProbeState, number>;
  for (const { value, count } of states)
    if (probeStatuses.includes(value as ProbeState)) byState[value as ProbeState] = count;
  const reported = Object.values(byState).reduce((sum, count) => sum + count, 0);
  return { total, byState, neverReported: total - reported, ...(pinned ? { current: true as const } : {}) };
}
