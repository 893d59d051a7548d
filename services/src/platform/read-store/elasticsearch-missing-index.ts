import { errors } from '@elastic/elasticsearch';

/** What a read of an index that does not exist yet, or whose first shard is still being allocated, fails with. */
export const missingIndexTypes = ['index_not_found_exception', 'no_shard_available_action_exception'];

/** Whether a read failed only because its index is not there (or not readable) yet: such a read answers empty. */
export function isMissingIndex(error: unknown) {
  if (!(error instanceof errors.ResponseError)) return false;
  const { type, root_cause: causes = [] } = (error.body?.error ?? {}) as {
    type?: string;
    root_cause?: { type: string }[];
  };
  // A search while the index's first shard is still being allocated fails with the shard error as its root cause.
  return [type, ...causes.map((cause) => cause.type)].some((name) => missingIndexTypes.includes(name ?? ''));
}
