import type { Launch, LaunchGroupPage, LaunchState } from '@nq/contracts/fleet/launch';
import { api } from '../../../shared/api/api-client.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { ClusterLaunchAnswer } from '../machines/cluster-launch.machine.ts';
import type { LaunchCallInput, LaunchOutcome } from '../machines/launch.machine.ts';

export type { Launch, LaunchGroupPage, LaunchState };

/** A page of a group's launches: those in one state (every state when none), from `offset`. */
export interface GroupPageQuery {
  state?: LaunchState | undefined;
  offset: number;
  limit: number;
}

export const launchKeys = {
  ofProbe: (probeId: string) => ['launches', probeId] as const,
  group: (groupId: string, page: GroupPageQuery) => ['launches', 'groups', groupId, page] as const,
  all: ['launches'] as const,
};

export const launcherApi = {
  ofProbe: (probeId: string, signal?: AbortSignal) =>
    api.get<{ list: Launch[] }>('/api/launches/', { query: { probeId }, signal }),
  launch: (probeId: string, task: Record<string, unknown>, confirm: boolean) =>
    api.post<{ launch: Launch; cancelled?: Launch }>('/api/launches/', { probeId, task, confirm }),
  /** The task on every active probe of the cluster; without `confirm`, 409 when some have one in progress. */
  launchOnCluster: (clusterId: string, task: Record<string, unknown>, confirm: boolean) =>
    api.post<ClusterLaunchAnswer>('/api/launches/clusters', { clusterId, task, confirm }),
  /** A launch on a cluster: how many of its launches are in each state, and a page of them by probe id. */
  group: (groupId: string, { state, offset, limit }: GroupPageQuery, signal?: AbortSignal) =>
    api.get<LaunchGroupPage>(`/api/launches/groups/${encodeURIComponent(groupId)}`, {
      query: { state, offset, limit },
      signal,
    }),
};

/** One launch per probe, side by side; each probe's answer becomes its outcome (409: a measurement in progress). */
export async function launchOnProbes({ probeIds, task, confirm }: LaunchCallInput): Promise<LaunchOutcome[]> {
  return Promise.all(
    probeIds.map(async (probeId): Promise<LaunchOutcome> => {
      try {
        await launcherApi.launch(probeId, task, confirm);
        return { probeId, result: 'launched' };
      } catch (error) {
        if (isApiError(error) && error.code === 'measurements.inProgress') return { probeId, result: 'busy' };
        return { probeId, result: 'failed', code: isApiError(error) ? error.code : 'generic.error' };
      }
    }),
  );
}
