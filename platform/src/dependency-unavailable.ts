import { errors as elasticsearchErrors } from '@elastic/elasticsearch';
import { DomainError } from '@nq/contracts';

/** How long a caller refused because a dependency is down or recovering should wait before trying again. */
export const dependencyRetryAfterSeconds = 5;

/** A dependency cannot serve now: answered 503 `dependency.unavailable` with Retry-After; trying again later works. */
export class DependencyUnavailableError extends DomainError {
  /** `details` say more to the caller (e.g. `{ circuit: 'open' }`: refused without trying the dependency). */
  constructor(dependency: string, cause?: unknown, details: Record<string, unknown> = {}) {
    super('dependency.unavailable', {
      params: { dependency },
      details: { retryAfterSeconds: dependencyRetryAfterSeconds, ...details },
      cause,
    });
    this.name = 'DependencyUnavailableError';
  }
}

/** Errors of Node's sockets that mean the server on the other side is not there (now). */
const socketFailures = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * PostgreSQL's codes for a server that is shutting down, starting, or refusing connections (class 08: connection
 * exceptions; 57P01–03: shut down or cannot connect now; 53300: too many connections).
 */
const postgresUnavailable = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300';

/**
 * What ioredis throws while its server is out of reach: the connection closed, no connection to write to (without an
 * offline queue), a command unanswered within its timeout, no sentinel answering during a failover.
 */
const redisUnavailable =
  /^Connection is closed\.$|^Stream isn't writeable|^Command timed out$|^All sentinels are unreachable/;

/** What `pg` throws when its connection went away in the middle of a query, or could not be made in time. */
const postgresConnectionLost = /^Connection terminated|^timeout exceeded when trying to connect/;

/**
 * Which dependency an error says is unreachable or not serving now (a server down, restarting, or an Elasticsearch
 * shard still recovering), if it says so: such a failure is the caller's to retry later, not a fault of the request.
 */
export function unavailableDependency(error: unknown): string | undefined {
  if (!(error instanceof Error) || error instanceof DomainError) return undefined;
  if (
    error instanceof elasticsearchErrors.ConnectionError ||
    error instanceof elasticsearchErrors.NoLivingConnectionsError ||
    error instanceof elasticsearchErrors.TimeoutError ||
    (error instanceof elasticsearchErrors.ResponseError && (error.statusCode === 503 || error.statusCode === 429))
  )
    return 'read-store';
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && postgresUnavailable(code)) return 'event-store';
  if (postgresConnectionLost.test(error.message)) return 'event-store';
  if (error.name === 'MaxRetriesPerRequestError' || redisUnavailable.test(error.message)) return 'ephemeral-store';
  if (typeof code === 'string' && socketFailures.has(code)) return 'platform service';
  return undefined;
}

/** Whether a failure is a dependency's being unavailable (raised as such, or recognised): worth waiting for. */
export const isDependencyUnavailable = (error: unknown) =>
  (error instanceof DomainError && error.code === 'dependency.unavailable') ||
  unavailableDependency(error) !== undefined;
