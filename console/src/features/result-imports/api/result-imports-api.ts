import {
  type ImportList,
  type ImportStatus,
  importHasEnded,
  type importRequestSchema,
} from '@nq/contracts/measurements/result-imports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';

/** `POST /measurements/imports`, `GET /measurements/imports` and `GET /measurements/imports/{id}`. */
export const importsPath = '/measurements/imports';
export type ImportBody = z.input<typeof importRequestSchema>;

/** While an import is queued or running it is read this often, so that its progress moves. */
export const statusPollMs = 1_000;
const listPollMs = 2_000;

const keys = {
  all: ['result-imports'] as const,
  list: (page: number, pageSize: number) => [...keys.all, 'list', page, pageSize] as const,
  one: (id: string) => [...keys.all, 'one', id] as const,
};

const stillRunning = (state: ImportStatus['state'] | undefined) => state !== undefined && !importHasEnded(state);

/** One import, read again every second until it has ended. */
export function useImportStatus(id: string | undefined) {
  return useQuery({
    queryKey: keys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<ImportStatus>(`${importsPath}/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (stillRunning(query.state.data?.state) ? statusPollMs : false),
    // Its failure is shown in place.
    meta: { silent: true },
  });
}

/** A page of the profile's imports, newest first: read again every few seconds while one of them is under way. */
export function useImportList(page: number, pageSize: number) {
  const refreshInterval = useRefreshInterval();
  return useQuery({
    queryKey: keys.list(page, pageSize),
    queryFn: ({ signal }) => api.get<ImportList>(importsPath, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((entry) => stillRunning(entry.state)) ? listPollMs : refreshInterval,
    // Its failure is shown in place.
    meta: { silent: true },
  });
}

/** Starts an import; the list reads again, to show it. Its errors are the form's to show. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post<ImportStatus>(importsPath, body),
    onSuccess: async (status) => {
      queryClient.setQueryData(keys.one(status.id), status);
      await queryClient.invalidateQueries({ queryKey: [...keys.all, 'list'] });
    },
    meta: { silent: true },
  });
}
