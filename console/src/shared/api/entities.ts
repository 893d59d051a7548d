import { compareLogPositions } from '@nq/contracts/events/log-position';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './api-client.ts';
import { useRefreshInterval } from './refresh-interval.ts';

// The configuration entities all answer the same paths (docs/product/api.md#conventions): list with
// paging/sorting/search, get, create, update (changed fields only, optional expectedVersion), delete and, for some,
// clone. A write answers the log position it reached; later reads pass it as minPosition so the list already shows the
// write (read-your-writes).

export interface EntityPage<T> {
  list: T[];
  count: number;
  page: number;
  pageSize: number;
}
export interface Warning {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}
export interface CommandResult<T> {
  id: string;
  version: number;
  position?: string;
  entity: T | null;
  warnings: Warning[];
}
export type Entity = { id: string; name?: string; version?: number; [field: string]: unknown };

let lastWrite: string | undefined;
/** Notes the log position a write reached (writes outside entityApi call it too), for later reads to wait for. */
export const remember = (position: string | undefined) => {
  if (position && (!lastWrite || compareLogPositions(position, lastWrite) > 0)) lastWrite = position;
};
/** The newest write this console made: reads wait for the read models to show it. */
export const readYourWrites = () => (lastWrite ? { minPosition: lastWrite } : {});

/** Paths end without a slash: `/tags`, `/api/cdns`. */
export function entityApi<T extends Entity = Entity>(basePath: string) {
  const written = async (call: Promise<CommandResult<T>>) => {
    const result = await call;
    remember(result.position);
    return result;
  };
  return {
    list: (query: Query, signal?: AbortSignal) =>
      api.get<EntityPage<T>>(`${basePath}/`, { query: { ...query, ...readYourWrites() }, signal }),
    get: (id: string, signal?: AbortSignal) =>
      api.get<T>(`${basePath}/${encodeURIComponent(id)}`, { query: readYourWrites(), signal }),
    create: (fields: Record<string, unknown>) => written(api.post(`${basePath}/`, fields)),
    update: (id: string, changes: Record<string, unknown>) =>
      written(api.put(`${basePath}/${encodeURIComponent(id)}`, changes)),
    remove: (id: string) => written(api.delete(`${basePath}/${encodeURIComponent(id)}`)),
    clone: (id: string, fields: Record<string, unknown>) =>
      written(api.post(`${basePath}/${encodeURIComponent(id)}/clone`, fields)),
  };
}

export const entityKeys = {
  all: (basePath: string) => ['entities', basePath] as const,
  list: (basePath: string, query: Query) => ['entities', basePath, 'list', query] as const,
  one: (basePath: string, id: string) => ['entities', basePath, 'one', id] as const,
};

/** A page of an entity list; it follows the refresh interval picked in the navbar. */
export function useEntityList<T extends Entity = Entity>(basePath: string, query: Query, errorCode?: string) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    refetchInterval,
    queryKey: entityKeys.list(basePath, query),
    queryFn: ({ signal }) => entityApi<T>(basePath).list(query, signal),
    placeholderData: keepPreviousData,
    meta: errorCode ? { errorCode } : {},
  });
}

export function useEntity<T extends Entity = Entity>(basePath: string, id: string | undefined, errorCode?: string) {
  return useQuery({
    queryKey: entityKeys.one(basePath, id ?? ''),
    queryFn: ({ signal }) => entityApi<T>(basePath).get(id ?? '', signal),
    enabled: Boolean(id),
    meta: errorCode ? { errorCode } : {},
  });
}

type Mutation =
  | { kind: 'create'; fields: Record<string, unknown> }
  | { kind: 'update'; id: string; changes: Record<string, unknown> }
  | { kind: 'remove'; id: string }
  | { kind: 'clone'; id: string; fields: Record<string, unknown> };

/**
 * One mutation for every write of an entity; the caller handles errors (forms show field problems), so it is silent.
 * Every cached read of the entity is invalidated after a write.
 */
export function useEntityWrite<T extends Entity = Entity>(basePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mutation: Mutation) => {
      const entities = entityApi<T>(basePath);
      switch (mutation.kind) {
        case 'create':
          return entities.create(mutation.fields);
        case 'update':
          return entities.update(mutation.id, mutation.changes);
        case 'remove':
          return entities.remove(mutation.id);
        case 'clone':
          return entities.clone(mutation.id, mutation.fields);
      }
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(basePath) }),
  });
}
