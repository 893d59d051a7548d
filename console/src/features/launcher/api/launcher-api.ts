import type { Launch } from '@nq/contracts/fleet/launch';
import { api } from '../../../shared/api/api-client.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { LaunchCallInput, LaunchOutcome } from '../machines/launch.machine.ts';

export type { Launch };

export const launchKeys = { ofProbe: (probeId: string) => ['launches', probeId] as const, all: ['launches'] as const };

export const launcherApi = {
  ofProbe: (probeId: string, signal?: AbortSignal) =>
    api.get<{ list: Launch[] }>('/api/launches/', { query: { probeId }, signal }),
  launch: (probeId: string, task: Record<string, unknown>, confirm: boolean) =>
    api.post<{ launch: Launch; cancelled?: Launch }>('/api/launches/', { probeId, task, confirm }),
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
