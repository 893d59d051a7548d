/** An Elasticsearch error object as its API answers it (a document's error in a multi-get, a response's `error`). */
export interface ElasticsearchErrorCause {
  type?: string;
  reason?: string | null;
  caused_by?: ElasticsearchErrorCause;
}

const reasonAtMost = 160;

/**
 * One line saying what failed and why, the deepest cause last: `type: reason ← cause type: cause reason`. The
 * outermost reason can be long (a shard request written whole), the cause is what tells a transient failure from a
 * lasting one, so every reason is cut and every cause kept.
 */
export function elasticsearchFailureOf(error: ElasticsearchErrorCause): string {
  const parts: string[] = [];
  for (let cause: ElasticsearchErrorCause | undefined = error; cause && parts.length < 5; cause = cause.caused_by) {
    const reason = cause.reason ?? '';
    parts.push(
      `${cause.type ?? 'error'}: ${reason.length > reasonAtMost ? `${reason.slice(0, reasonAtMost)}…` : reason}`,
    );
  }
  return parts.join(' ← ');
}
