import { errors } from '@elastic/elasticsearch';

/** What a read of an index that does not exist yet, or whose first shard is still being allocated, fails with. */
export const missingIndexTypes = ['index_not_found_exception', 'no_shard_available_action_exception'];

/**
 * What a read of a document fails with only when its index does not exist. A shard not available (being allocated,
 * or recovering after a restart) says nothing of the document: taken for "no such document", the projector applied
 * an update to nothing and deleted an existing document.
 */
export const documentMissingTypes = ['index_not_found_exception'];

/**
 * Whether a search or count failed only because its index is not there (or not readable) yet: such a read answers
 * empty. Document reads ask `isMissingIndex(error, documentMissingTypes)`.
 */
export function isMissingIndex(error: unknown, types: readonly string[] = missingIndexTypes) {
  if (!(error instanceof errors.ResponseError)) return false;
  const { type, root_cause: causes = [] } = (error.body?.error ?? {}) as {
    type?: string;
    root_cause?: { type: string }[];
  };
  // A search while the index's first shard is still being allocated fails with the shard error as its root cause.
  return [type, ...causes.map((cause) => cause.type)].some((name) => types.includes(name ?? ''));
}
