import type { AlertHistoryEntry, AlertHistoryQuery, alertUnreadCountSchema } from '@nq/contracts/alerts/alert-history';
import type { AlertFields } from '@nq/contracts/configuration/alert';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client.ts';
import { type CommandResult, entityApi, remember } from '../../../shared/api/entities.ts';

export type { AlertHistoryEntry };

/** An alert as its list and its GET answer it: its fields (docs/product/entities.md#alert) and the entity's id. */
export type AlertView = AlertFields & { id: string; version?: number; owner?: string };

/** `/api/alert-config`: the profile's alerts (docs/product/api.md#alerts). */
export const alertsPath = basePathOf('alert');
const historyPath = '/api/alert-history';

export const alertConfigApi = {
  ...entityApi<AlertView>(alertsPath),
  /** Enable or disable, a command of its own (docs/product/states.md#alerts). */
  switch: async (id: string, enabled: boolean) => {
    const result = await api.put<CommandResult<AlertView>>(
      `${alertsPath}/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`,
    );
    remember(result.position);
    return result;
  },
};

export type HistoryFilters = Partial<Pick<AlertHistoryQuery, 'alertId' | 'state' | 'from' | 'to'>>;
export interface HistoryPage {
  list: AlertHistoryEntry[];
  count: number;
}

export const alertHistoryApi = {
  list: (query: HistoryFilters & { page: number; pageSize: number }, signal?: AbortSignal) =>
    api.get<HistoryPage>(historyPath, { query, signal }),
  unreadCount: (signal?: AbortSignal) =>
    api.get<z.output<typeof alertUnreadCountSchema>>(`${historyPath}/unread-count`, { signal }),
  /** Each group's latest entry: the table's state, the map's colours. */
  latest: (alertId: string, signal?: AbortSignal) =>
    api.get<{ list: AlertHistoryEntry[] }>(`${historyPath}/${encodeURIComponent(alertId)}/latest`, { signal }),
  markRead: (id: string, read: boolean) => api.put<unknown>(`${historyPath}/${encodeURIComponent(id)}`, { read }),
  markManyRead: (ids: readonly string[], read: boolean) => api.put<unknown>(historyPath, { ids, read }),
};

/** The query keys of alerts: every history read sits under `history`, the shell's badge under `unread-count`. */
export const alertKeys = {
  all: ['alerts'] as const,
  unreadCount: ['alerts', 'unread-count'] as const,
  history: ['alerts', 'history'] as const,
  latest: (alertId: string) => ['alerts', 'history', 'latest', alertId] as const,
  lastFired: (alertId: string) => ['alerts', 'history', 'last-fired', alertId] as const,
  page: (query: object) => ['alerts', 'history', 'page', query] as const,
};
