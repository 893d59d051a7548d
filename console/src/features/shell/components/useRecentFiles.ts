import { useQuery } from '@tanstack/react-query';
import { type FileRecord, fileKeys, filesApi } from '../../files/api/files-api.ts';

/** While some file of the user is being made the shell looks this often; otherwise rarely (a file asked elsewhere). */
export const WATCH_WHILE_IN_PROGRESS_MS = 5_000;
export const WATCH_WHEN_IDLE_MS = 30_000;

const inProgress = (files: readonly FileRecord[] | undefined) =>
  files?.filter((file) => file.status === 'inProgress' && !file.deletedAt) ?? [];

/** The user's newest files, read again often only while one of them is in progress (only with the files screen). */
export function useRecentFiles(enabled: boolean) {
  const { data } = useQuery({
    queryKey: fileKeys.recent,
    queryFn: ({ signal }) => filesApi.recent(signal),
    enabled,
    refetchInterval: (query) =>
      inProgress(query.state.data?.list).length > 0 ? WATCH_WHILE_IN_PROGRESS_MS : WATCH_WHEN_IDLE_MS,
    meta: { silent: true },
  });
  return { files: data?.list, inProgress: inProgress(data?.list).length };
}
