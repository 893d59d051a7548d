import { probeStatuses, type StoryboardProbeStatus } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { visibleProbes } from '../probe-status/index.ts';
import type { ProbeSight } from '../probes/index.ts';

type ProbeState = (typeof probeStatuses)[number];
const isState = (value: unknown): value is ProbeState => probeStatuses.includes(value as ProbeState);

/** The probes the profile sees by the state each last reported (as the probe status screen lists them). */
export async function probeStatusTile(
  readStore: ReadStore,
  sight: ProbeSight,
  viewer: Viewer,
): Promise<StoryboardProbeStatus> {
  const probes = await visibleProbes(readStore, sight, viewer);
  const byState = Object.fromEntries(probeStatuses.map((state) => [state, 0])) as Record<ProbeState, number>;
  let neverReported = 0;
  for (const { status } of probes) {
    if (isState(status?.state)) byState[status.state] += 1;
    else neverReported += 1;
  }
  return { total: probes.length, byState, neverReported };
}
