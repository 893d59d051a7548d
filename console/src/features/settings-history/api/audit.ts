import { configurationKinds } from '@nq/contracts/configuration/kinds';
import {
  type AuditedKind,
  auditedKinds,
  type EntityAsOf,
  type HistoryAnswer,
  isAuditedKind,
} from '@nq/contracts/events/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { entityApi } from '../../../shared/api/entities.ts';

/** Where the list of each audited kind lives (the picker lists its entities by name). */
export const auditedKindPaths = Object.fromEntries(
  Object.entries(configurationKinds).map(([kind, { basePath }]) => [kind, basePath]),
) as Record<AuditedKind, string>;
export { type AuditedKind, isAuditedKind };

/** An entity's changes, oldest first, with the names of what they refer to (shown by the page when it fails). */
export function useHistory(kind: AuditedKind, id: string) {
  return useQuery({
    queryKey: ['audit', kind, id, 'history'],
    queryFn: ({ signal }) => api.get<HistoryAnswer>(`/api/audit/${kind}/${encodeURIComponent(id)}/history`, { signal }),
    enabled: id !== '',
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
  const nameField = auditedKinds[kind];
  return useQuery({
    queryKey: ['audit', kind, 'choices', search],
    queryFn: ({ signal }) => entityApi(auditedKindPaths[kind]).list({ q: search, pageSize: 20 }, signal),
    select: (page): EntityChoice[] =>
      page.list.map((entity) => ({ id: entity.id, label: String(entity[nameField] ?? entity.name ?? entity.id) })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
