import { evolveFile, type FileState, fileEventTypes, fileRecordSchema } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from '@nq/platform/read-store/document-projection';

export const filesCollection = 'files';
const handled = new Set<string>(fileEventTypes);

/** A file's list document: its record, its owner (to list each user's own) and what a download needs. */
function fileDocument(state: FileState): ProjectedDocument | null {
  if (!state.record || !state.owner) return null;
  return {
    ...state.record,
    userId: state.owner.userId,
    profileId: state.owner.profileId,
    deleted: state.record.deletedAt !== undefined,
    ...(state.path ? { path: state.path } : {}),
    version: state.version,
  };
}

const stateOf = (document: ProjectedDocument): FileState => {
  const { userId, profileId, path, version } = document as Record<string, unknown>;
  return {
    record: fileRecordSchema.parse(document),
    owner: { userId: userId as string, profileId: profileId as string },
    ...(typeof path === 'string' ? { path } : {}),
    version: version as number,
  };
};

/** Every user's files, newest first by creation; deleted ones kept (flagged) so that they can be shown. */
export const filesProjection: DocumentProjection = {
  name: 'files',
  collection: filesCollection,
  handles: (type) => handled.has(type),
  documentId: (event) => event.streamId,
  apply(document, event) {
    const before = document ? stateOf(document) : { version: event.streamVersion - 1 };
    return fileDocument(evolveFile(before, event));
  },
};
