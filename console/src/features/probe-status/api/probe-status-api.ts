import type { ProbeStatusDetail, ProbeStatusRow } from '@nq/contracts/fleet/probe-status';
import { api } from '../../../shared/api/api-client.ts';

export type { ProbeStatusDetail, ProbeStatusRow };

/** Probe states (docs/product/states.md#probe-status). */
export const probeStates = ['Available', 'Not available', 'Ready', 'Not ready'] as const;

/** Home devices idle for the last hour, leaving out those silent for over 2 years (docs/product/limits.md#times). */
export interface IdleCounter {
  idle: number;
  total: number;
  at: string;
}

export const probeStatusKeys = {
  list: ['probe-status'] as const,
  counter: ['probe-status', 'counter'] as const,
  detail: (probeId: string) => ['probe-status', 'detail', probeId] as const,
};

export const probeStatusApi = {
  list: (signal?: AbortSignal) => api.get<{ list: ProbeStatusRow[]; count: number }>('/probes/status', { signal }),
  counter: (signal?: AbortSignal) => api.get<IdleCounter>('/probes/status/counter', { signal }),
  exportCsv: () => api.get<Blob>('/probes/status', { query: { format: 'csv' }, as: 'blob' }),
  /** One probe's last report with its agent's status: the list leaves these out to stay light. */
  detail: (probeId: string, signal?: AbortSignal) =>
    api.get<ProbeStatusDetail>(`/probes/${encodeURIComponent(probeId)}/status`, { signal }),
};
