import type { CsvExtractionAnswer, CsvExtractionRequest } from '@nq/contracts/files/csv-extraction';
import type { FileList, FileRecord } from '@nq/contracts/files/file-record';
import { api } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { filesApi } from '../../files/api/files-api.ts';

export type { FileRecord };

/** An extraction as the screen asks for it: the path's service and programs, and the body. */
export interface ExtractionCall {
  service: 'landline' | 'mobile';
  programs: readonly string[];
  body: Partial<CsvExtractionRequest>;
}

/**
 * CSV extraction (docs/product/api.md#csv-templates), and the file it makes followed on the files
 * (docs/product/states.md#files).
 */
export const csvExtractorApi = {
  extract: ({ service, programs, body }: ExtractionCall) =>
    api.post<CsvExtractionAnswer>(
      `/api/types/${service}/programs/${programs.map(encodeURIComponent).join(',')}/csv`,
      body,
    ),
  /** The file as the files screen lists it (deleted ones too); 404 resource.notFound when it is not among them. */
  file: async (id: string, signal?: AbortSignal): Promise<FileRecord> => {
    const page = await api.get<FileList>('/files-management', {
      query: { service: 'csvExtractor', showDeleted: true, pageSize: 200 },
      signal,
    });
    const file = page.list.find((candidate) => candidate.id === id);
    if (!file) throw new ApiError(404, 'resource.notFound');
    return file;
  },
  retry: (id: string) => filesApi.retry(id),
  downloadLink: async (id: string) => (await filesApi.downloadLink([id])).url,
};
