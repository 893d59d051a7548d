import { api } from '../../../shared/api/api-client.ts';

/** Probe states (docs/product/states.md#probe-status). */
export const probeStates = ['Available', 'Not available', 'Ready', 'Not ready'] as const;

/** A probe the caller sees with its last report (GET /probes/status). */
export interface ProbeStatusRow {
  probeId: string;
  name: string;
  type: string;
  /** The status set in its configuration. */
  status: string;
  /** The state it last reported (null: it never reported). */
  state: string | null;
  lastReportAt: string | null;
  technology: number | null;
  operator: string | null;
  battery: number | null;
}

/** Home devices idle for the last hour, leaving out those silent for over 2 years (docs/product/limits.md#times). */
export interface IdleCounter {
  idle: number;
  total: number;
  at: string;
}

export const probeStatusKeys = { list: ['probe-status'] as const, counter: ['probe-status', 'counter'] as const };

export const probeStatusApi = {
  list: (signal?: AbortSignal) => api.get<{ list: ProbeStatusRow[]; count: number }>('/probes/status', { signal }),
  counter: (signal?: AbortSignal) => api.get<IdleCounter>('/probes/status/counter', { signal }),
  exportCsv: () => api.get<Blob>('/probes/status', { query: { format: 'csv' }, as: 'blob' }),
};
