import type { EntityAsOf, HistoryEntry } from '@nq/contracts/events/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { entityApi } from '../../../shared/api/entities.ts';

/** The configuration entities the audit routes know (`GET /api/audit/{kind}/…`), where each one's list lives. */
export const auditedKinds = {
  tag: { basePath: '/tags', nameField: 'name' },
  provider: { basePath: '/api/providers', nameField: 'name' },
  cdn: { basePath: '/api/cdns', nameField: 'name' },
  'task-suite': { basePath: '/task-suites', nameField: 'name' },
  campaign: { basePath: '/api/campaigns-management', nameField: 'name' },
  geofilter: { basePath: '/api/geofilters', nameField: 'name' },
  cluster: { basePath: '/api/clusters-management', nameField: 'name' },
  universe: { basePath: '/universes', nameField: 'name' },
  mos: { basePath: '/moses', nameField: 'name' },
  scorecard: { basePath: '/scorecards', nameField: 'name' },
  probe: { basePath: '/probes', nameField: 'probeId' },
  profile: { basePath: '/profiles', nameField: 'name' },
  user: { basePath: '/users', nameField: 'email' },
} as const;
export type AuditedKind = keyof typeof auditedKinds;
export const isAuditedKind = (kind: string | null): kind is AuditedKind => kind !== null && kind in auditedKinds;

/** An entity's changes, oldest first (shown by the page when it fails: not found, not visible). */
export function useHistory(kind: AuditedKind, id: string) {
  return useQuery({
    queryKey: ['audit', kind, id, 'history'],
    queryFn: ({ signal }) =>
      api.get<{ history: HistoryEntry[] }>(`/api/audit/${kind}/${encodeURIComponent(id)}/history`, { signal }),
    enabled: id !== '',
    select: (answer) => answer.history,
    meta: { silent: true },
  });
}

/** The entity's state as of an instant (`asOf`, ISO with offset; now without one), replayed from its events. */
export function useStateAsOf(kind: AuditedKind, id: string, asOf: string | undefined) {
  return useQuery({
    queryKey: ['audit', kind, id, 'asOf', asOf],
    queryFn: ({ signal }) =>
      api.get<EntityAsOf>(`/api/audit/${kind}/${encodeURIComponent(id)}`, { query: { asOf }, signal }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export interface EntityChoice {
  id: string;
  label: string;
}

/** Entities of a kind to pick from, by name (the list route of the entity; a profile that cannot read it types ids). */
export function useEntityChoices(kind: AuditedKind, search: string) {
  const { basePath, nameField } = auditedKinds[kind];
  return useQuery({
    queryKey: ['audit', kind, 'choices', search],
    queryFn: ({ signal }) => entityApi(basePath).list({ q: search, pageSize: 20 }, signal),
    select: (page): EntityChoice[] =>
      page.list.map((entity) => ({ id: entity.id, label: String(entity[nameField] ?? entity.name ?? entity.id) })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
