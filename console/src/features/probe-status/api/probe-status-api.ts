import {
  neverReportedState,
  type ProbeFleetRow,
  type ProbeStatusPage,
  type ProbeStatusSortField,
  probeStatusSortFields,
  probeStatusWindow,
} from '@nq/contracts/fleet/probe-fleet';
import type { ProbeStatusDetail, ProbeStatusRow } from '@nq/contracts/fleet/probe-status';
import { api } from '../../../shared/api/api-client.ts';

export type { ProbeFleetRow, ProbeStatusDetail, ProbeStatusPage, ProbeStatusRow, ProbeStatusSortField };
export { neverReportedState, probeStatusSortFields, probeStatusWindow };

/** Probe states (docs/product/states.md#probe-status). */
export const probeStates = ['Available', 'Not available', 'Ready', 'Not ready'] as const;

/** Home devices idle for the last hour, leaving out those silent for over 2 years (docs/product/limits.md#times). */
export interface IdleCounter {
  idle: number;
  total: number;
  at: string;
}

/** A page of the probe status as the screen asks for it: its filters, sort and page, answered by the server. */
export interface ProbeStatusQuery {
  q?: string | undefined;
  state?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  technology?: string | undefined;
  operator?: string | undefined;
  located?: 'true' | 'false' | undefined;
  inClusters?: 'true' | undefined;
  sort: ProbeStatusSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const probeStatusKeys = {
  all: ['probe-status'] as const,
  list: (query: ProbeStatusQuery) => ['probe-status', 'list', query] as const,
  counter: ['probe-status', 'counter'] as const,
  detail: (probeId: string) => ['probe-status', 'detail', probeId] as const,
};

export const probeStatusApi = {
  list: (query: ProbeStatusQuery, signal?: AbortSignal) =>
    api.get<ProbeStatusPage>('/probes/status', { query: { ...query }, signal }),
  counter: (signal?: AbortSignal) => api.get<IdleCounter>('/probes/status/counter', { signal }),
  /** Every probe the profile sees, as a file. */
  exportCsv: () => api.get<Blob>('/probes/status', { query: { format: 'csv' }, as: 'blob' }),
  /** One probe's last report with its agent's status: the list leaves these out to stay light. */
  detail: (probeId: string, signal?: AbortSignal) =>
    api.get<ProbeStatusDetail>(`/probes/${encodeURIComponent(probeId)}/status`, { signal }),
};
