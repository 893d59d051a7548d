import type { NarrowedBy } from '../analytics/narrowing.ts';
import type { ReproductionPin } from '../analytics/query-result.ts';
import type { CatalogueWarning } from '../errors/index.ts';
import type { FileRecord, FileService } from './file-record.ts';

/**
 * The events a File record is stored as (stream = the file's id) and how they fold, shared by the write side and
 * the read model. Progress is recorded coarsely (every tenth or so), never per row.
 */
export type FileEvent =
  | {
      type: 'FileRequested';
      data: {
        id: string;
        service: FileService;
        name: string;
        owner: FileOwner;
        jobKind: string;
        jobId: string;
        /** The job's payload, so that a retry runs the same job again. */
        payload: Record<string, unknown>;
        measurementId?: string;
        /** What the owner's profile narrowed the file's content by, named when it was asked for. */
        narrowedBy?: NarrowedBy;
        /** What its content is pinned to: the configuration position and the data's received-until instant. */
        reproduce?: ReproductionPin;
      };
    }
  | { type: 'FileProgressed'; data: { percent?: number; rows?: number } }
  | { type: 'FileReady'; data: { size: number; path: string; jobId: string; warnings?: CatalogueWarning[] } }
  | { type: 'FileFailed'; data: { errorCode: string; jobId: string } }
  | { type: 'FileRetried'; data: { jobId: string } }
  | { type: 'FileDeleted'; data: { reason: 'retention' } };

export const fileEventTypes = [
  'FileRequested',
  'FileProgressed',
  'FileReady',
  'FileFailed',
  'FileRetried',
  'FileDeleted',
] as const satisfies readonly FileEvent['type'][];

/** Who asked for the file: only that user, working under that profile, lists and downloads it. */
export interface FileOwner {
  userId: string;
  profileId: string;
}

export interface FileState {
  record?: FileRecord;
  owner?: FileOwner;
  jobKind?: string;
  jobPayload?: Record<string, unknown>;
  /** The job producing it now: a run of an older job (before a retry) records nothing. */
  jobId?: string;
  /** Its name in the file store, once ready. */
  path?: string;
  version: number;
}

export const emptyFileState: FileState = { version: 0 };

export function evolveFile(state: FileState, event: { type: string; data: object; recordedAt: string }): FileState {
  const version = state.version + 1;
  const at = event.recordedAt;
  const record = state.record;
  const file = event as FileEvent;
  if (file.type === 'FileRequested') {
    const { id, service, name, owner, jobKind, jobId, payload, measurementId, narrowedBy, reproduce } = file.data;
    return {
      record: {
        id,
        service,
        name,
        status: 'inProgress',
        createdAt: at,
        attempts: 1,
        ...(measurementId ? { measurementId } : {}),
        ...(narrowedBy ? { narrowedBy } : {}),
        ...(reproduce ? { reproduce } : {}),
      },
      owner,
      jobKind,
      jobPayload: payload,
      jobId,
      version,
    };
  }
  if (!record) return { ...state, version };
  switch (file.type) {
    case 'FileProgressed':
      return { ...state, record: { ...record, progress: { ...record.progress, ...file.data } }, version };
    case 'FileReady': {
      const { progress: _, errorCode: __, warnings: ___, ...rest } = record;
      const { warnings } = file.data;
      return {
        ...state,
        record: {
          ...rest,
          status: 'ready',
          size: file.data.size,
          endedAt: at,
          ...(warnings && warnings.length > 0 ? { warnings } : {}),
        },
        path: file.data.path,
        version,
      };
    }
    case 'FileFailed': {
      const { progress: _, ...rest } = record;
      return { ...state, record: { ...rest, status: 'error', errorCode: file.data.errorCode, endedAt: at }, version };
    }
    case 'FileRetried': {
      const { errorCode: _, endedAt: __, ...rest } = record;
      return {
        ...state,
        record: { ...rest, status: 'inProgress', attempts: record.attempts + 1 },
        jobId: file.data.jobId,
        version,
      };
    }
    case 'FileDeleted':
      return { ...state, record: { ...record, deletedAt: at }, version };
    default:
      return { ...state, version };
  }
}
