import { errors } from '@elastic/elasticsearch';
import { DomainError } from '@nq/contracts';

/** SQLSTATE classes of a query the database refuses as written: data exceptions (22) and syntax or access (42). */
const refusedSqlState = /^(22|42)/;

/**
 * Whether the engine refused the selection itself (retrying cannot help): Elasticsearch's answer to a bad request, or
 * SQL's refusal of the query. Connection failures, timeouts and overload are worth a retry.
 */
function engineRefusal(error: unknown): boolean {
  if (error instanceof errors.ResponseError)
    return (
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429
    );
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && refusedSqlState.test(code);
}

/** An engine failure as the file records it: a refusal is `measurements.fetchFailed` (no retry); the rest as it is. */
export const asExtractionFailure = (error: unknown): unknown =>
  !(error instanceof DomainError) && engineRefusal(error)
    ? new DomainError('measurements.fetchFailed', { cause: error })
    : error;
