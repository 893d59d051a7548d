import type { StoredEvent } from '@nq/contracts';

export type ProjectedDocument = { id: string } & Record<string, unknown>;

/**
 * A read model: which events it handles, which document each one changes, and how. Pure: the projector
 * loads the document, calls `apply` and writes what it returns (null deletes it), with its checkpoint.
 */
export interface DocumentProjection {
  name: string;
  collection: string;
  handles(eventType: string): boolean;
  documentId(event: StoredEvent): string;
  apply(document: ProjectedDocument | null, event: StoredEvent): ProjectedDocument | null;
}
