import type { FileDownloadLink, FileList, FileRecord } from '@nq/contracts/files/file-record';
import { api } from '../../../shared/api/api-client.ts';

export type { FileRecord };

export const fileKeys = {
  all: ['files'] as const,
  list: (showDeleted: boolean) => ['files', { showDeleted }] as const,
  /** The shell's watch of the newest files (a file asked for anywhere invalidates `all`, so the watch sees it at once). */
  recent: ['files', 'recent'] as const,
};

/** Enough of the newest files to hold every one still in progress. */
const RECENT_FILES = 20;

export const filesApi = {
  list: (showDeleted: boolean, signal?: AbortSignal) =>
    api.get<FileList>('/files-management', { query: { showDeleted, pageSize: 200 }, signal }),
  recent: (signal?: AbortSignal) =>
    api.get<FileList>('/files-management', { query: { pageSize: RECENT_FILES }, signal }),
  retry: (id: string) => api.post<FileRecord>(`/files-management/retry/${encodeURIComponent(id)}`),
  downloadLink: (ids: readonly string[]) => api.post<FileDownloadLink>('/files-management/download', { ids }),
};
