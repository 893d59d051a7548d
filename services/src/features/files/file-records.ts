import { randomUUID } from 'node:crypto';
import {
  type CatalogueWarning,
  DomainError,
  emptyFileState,
  evolveFile,
  type FileEvent,
  type FileListQuery,
  type FileOwner,
  type FileRecord,
  type FileService,
  type FileState,
  fileRecordSchema,
  type HttpErrorCode,
  type LogPosition,
  type NarrowedBy,
  type ReproductionPin,
} from '@nq/contracts';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import type { JobKind, JobQueue } from '@nq/platform/jobs/job-queue-port';
import type { MailOutbox } from '@nq/platform/mail/mail-outbox';
import type { Projector } from '@nq/platform/projector-port';
import type { ListFilter, ReadStore } from '@nq/platform/read-store/read-store-port';
import { filesCollection, filesProjection } from '@nq/projections';
import { fileEndedMessage, userContact } from './file-mail.ts';

/** What a job producing a file is given besides its own payload: the file it writes. */
export interface FileJobPayload {
  fileId: string;
}

export interface FileRequest<Payload extends FileJobPayload> {
  service: FileService;
  owner: FileOwner;
  /** The file's name as downloaded (`extraction.csv`). */
  name: string;
  jobKind: JobKind<Payload>;
  payload: Omit<Payload, 'fileId'>;
  measurementId?: string;
  /** What the owner's profile narrows the file's content by (named), shown with the file. */
  narrowedBy?: NarrowedBy;
  /** Asking again with the same id changes nothing (a retried request); a new id by default. */
  fileId?: string;
  /** What the content is pinned to (configuration position, data received until), shown with the file. */
  reproduce?: ReproductionPin;
}

const SYSTEM = 'system';

export const newFileId = () => `file-${randomUUID()}`;

export type FileRecords = ReturnType<typeof fileRecords>;

/**
 * The File records (docs/product/entities.md and states.md): each an event stream named by the file's id, listed from
 * the `files` read model. `request` records the file and enqueues the job that produces it (job id = file id); the job
 * reports through `fileJob`; retry re-enqueues an errored file under a new job id; retention deletes old ones. When a
 * file becomes ready or fails, whatever its kind, its owner is told by e-mail.
 */
export function fileRecords(ports: {
  eventStore: EventStore;
  readStore: ReadStore;
  jobs: JobQueue;
  projector: Projector;
  mailOutbox: MailOutbox;
  config: { http: { publicUrl: string } };
}) {
  const { eventStore, readStore, jobs, projector, mailOutbox, config } = ports;

  async function load(id: string): Promise<FileState> {
    return (await eventStore.readStream(id)).reduce(evolveFile, emptyFileState);
  }

  async function append(
    id: string,
    expectedVersion: number | 'any',
    event: FileEvent,
    actor: FileOwner,
    commandId?: string,
  ) {
    const command = commandId ?? randomUUID();
    return eventStore.append({
      streamId: id,
      expectedVersion,
      events: [{ type: event.type, schemaVersion: 1, data: event.data as Record<string, unknown> }],
      metadata: { actor, commandId: command, correlationId: id, causationId: command },
    });
  }

  const system = (state: FileState): FileOwner => ({ userId: SYSTEM, profileId: state.owner?.profileId ?? SYSTEM });

  /** Waits (bounded) until the list shows the write, so that the caller's next list does. */
  const shown = (position: LogPosition) => projector.showsWrite(position, filesProjection.name);

  /**
   * E-mails the owner that the file is ready (with the link that downloads it) or failed (why, and where to retry):
   * at most once per file and job, however often this runs (the outbox keeps one message per key).
   */
  async function tellOwner(state: FileState) {
    const { record, owner, jobId } = state;
    if (!record || record.status === 'inProgress' || record.deletedAt || !owner || !jobId) return;
    const contact = await userContact(eventStore, owner.userId);
    if (!contact) return;
    await mailOutbox.enqueue(
      { to: [contact.email], ...fileEndedMessage(record, contact.language, config.http.publicUrl) },
      { idempotencyKey: `file-ended:${record.id}:${jobId}` },
    );
  }

  /** The file ended under this job: told to its owner again (a repeat sends nothing) in case a crash came between. */
  const endedBy = (state: FileState, jobId: string) =>
    state.record !== undefined && state.record.status !== 'inProgress' && state.jobId === jobId;

  function kindNamed(name: string) {
    const kind = jobs.kinds.find((known) => known.name === name);
    if (!kind) throw new Error(`job kind '${name}' is not declared to the platform`);
    return kind;
  }

  /** Records the file, its job to run under the file's id (asking again with the same id changes nothing). */
  async function recordRequest<Payload extends FileJobPayload>(request: FileRequest<Payload>) {
    const id = request.fileId ?? newFileId();
    kindNamed(request.jobKind.name);
    const appended = await append(
      id,
      'any',
      {
        type: 'FileRequested',
        data: {
          id,
          service: request.service,
          name: request.name,
          owner: request.owner,
          jobKind: request.jobKind.name,
          jobId: id,
          payload: { ...request.payload, fileId: id },
          ...(request.measurementId ? { measurementId: request.measurementId } : {}),
          ...(request.narrowedBy ? { narrowedBy: request.narrowedBy } : {}),
          ...(request.reproduce ? { reproduce: request.reproduce } : {}),
        },
      },
      request.owner,
      `request-${id}`,
    );
    return { id, position: appended.position };
  }

  /** Records the file failed, unless it has ended already or waits for another job (retried since). */
  async function failed(id: string, jobId: string, errorCode: HttpErrorCode) {
    const state = await load(id);
    if (endedBy(state, jobId)) return tellOwner(state);
    if (state.record?.status !== 'inProgress' || state.jobId !== jobId) return;
    await append(id, state.version, { type: 'FileFailed', data: { errorCode, jobId } }, system(state));
    await tellOwner(await load(id));
  }

  return {
    load,
    shown,
    tellOwner,
    endedBy,

    async request<Payload extends FileJobPayload>(
      request: FileRequest<Payload>,
    ): Promise<{ file: FileRecord; position: LogPosition }> {
      const { id, position } = await recordRequest(request);
      await jobs.enqueue(request.jobKind, { ...request.payload, fileId: id } as Payload, { jobId: id });
      const state = await load(id);
      return { file: state.record!, position };
    },

    /**
     * A file recorded as failed with `errorCode` without its job having run (a demo's failed file: nothing fails for
     * real); its owner is told, as for any failed file, and a retry runs its job.
     */
    async requestFailed<Payload extends FileJobPayload>(request: FileRequest<Payload>, errorCode: HttpErrorCode) {
      const { id } = await recordRequest(request);
      await failed(id, id, errorCode);
      return (await load(id)).record!;
    },

    async progressed(id: string, jobId: string, progress: { percent?: number; rows?: number }) {
      const state = await load(id);
      if (state.record?.status !== 'inProgress' || state.jobId !== jobId) return;
      await append(id, state.version, { type: 'FileProgressed', data: progress }, system(state));
    },

    /** Records the file ready (once its content is committed in the file store); false for a stale job's run. */
    async ready(id: string, jobId: string, stored: { size: number; path: string; warnings?: CatalogueWarning[] }) {
      const state = await load(id);
      if (state.record?.status !== 'inProgress' || state.jobId !== jobId) return false;
      await append(id, state.version, { type: 'FileReady', data: { ...stored, jobId } }, system(state));
      await tellOwner(await load(id));
      return true;
    },

    failed,

    /** Only an errored file is retried; its job runs again under a new id (docs/product/states.md#files). */
    async retry(id: string, owner: FileOwner) {
      const state = await load(id);
      if (!state.record || !ownedBy(state, owner)) throw new DomainError('resource.notFound', { details: { id } });
      if (state.record.status !== 'error' || state.record.deletedAt)
        throw new DomainError('files.notRetryable', { details: { id, status: state.record.status } });
      const jobId = `${id}.retry-${state.record.attempts}`;
      const appended = await append(id, state.version, { type: 'FileRetried', data: { jobId } }, owner);
      await jobs.enqueue(kindNamed(state.jobKind!), { ...state.jobPayload, fileId: id }, { jobId });
      await shown(appended.position);
      return (await load(id)).record!;
    },

    async delete(id: string) {
      const state = await load(id);
      if (!state.record || state.record.deletedAt) return undefined;
      const { position } = await append(
        id,
        state.version,
        { type: 'FileDeleted', data: { reason: 'retention' } },
        system(state),
      );
      return { position, ...(state.path ? { path: state.path } : {}) };
    },

    async list(owner: FileOwner, query: FileListQuery) {
      const filters: ListFilter[] = [
        { field: 'userId', equals: owner.userId },
        { field: 'profileId', equals: owner.profileId },
        ...(query.showDeleted ? [] : [{ field: 'deleted', equals: false }]),
        ...(query.service ? [{ field: 'service', equals: query.service }] : []),
        ...(query.status ? [{ field: 'status', equals: query.status }] : []),
        ...(query.measurementId ? [{ field: 'measurementId', equals: query.measurementId }] : []),
      ];
      const { items, total } = await readStore.list(filesCollection, {
        filters,
        sort: [{ field: 'createdAt', order: 'desc' }],
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        fresh: true,
      });
      return { list: items.map((item) => fileRecordSchema.parse(item)), count: total };
    },

    /** The measurements the owner's files were made for (a measurement report's), for filtering the list. */
    async measurementIds(owner: FileOwner) {
      const ids = new Set<string>();
      for (let offset = 0; ; offset += 500) {
        const { items } = await readStore.list(filesCollection, {
          filters: [
            { field: 'userId', equals: owner.userId },
            { field: 'profileId', equals: owner.profileId },
          ],
          sort: [{ field: 'createdAt', order: 'desc' }],
          offset,
          limit: 500,
          fresh: offset === 0,
        });
        for (const item of items) if (typeof item.measurementId === 'string') ids.add(item.measurementId);
        if (items.length < 500) return [...ids].sort();
      }
    },

    /** Files created before `before` and not yet deleted, oldest first (retention). */
    async createdBefore(before: Date, limit: number) {
      const { items } = await readStore.list(filesCollection, {
        filters: [{ field: 'deleted', equals: false }],
        sort: [{ field: 'createdAt', order: 'asc' }],
        offset: 0,
        limit,
        fresh: true,
      });
      return items.filter((item) => String(item.createdAt) < before.toISOString()).map((item) => item.id);
    },
  };
}

export const ownedBy = (state: FileState, owner: FileOwner) =>
  state.owner?.userId === owner.userId && state.owner.profileId === owner.profileId;
