import { errors } from '@elastic/elasticsearch';
import { DomainError } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { unavailableDependency } from './dependency-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which dependency a failure says is unavailable', () => {
  it('names the store whose server is down, restarting or recovering', () => {
    expect(unavailableDependency(new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9200'))).toBe('read-store');
    const recovering = new errors.ResponseError({
      body: { error: { type: 'no_shard_available_action_exception' } },
      statusCode: 503,
      headers: {},
      warnings: null,
      meta: {} as never,
    });
    expect(unavailableDependency(recovering)).toBe('read-store');
    expect(unavailableDependency(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      'event-store',
    );
    expect(unavailableDependency(withCode('the database system is starting up', '57P03'))).toBe('event-store');
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBe('event-store');
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('ephemeral-store');
    // A failover: no connection to write to (no offline queue), no answer in time, no sentinel answering.
    expect(unavailableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(
      'ephemeral-store',
    );
    expect(unavailableDependency(new Error('Command timed out'))).toBe('ephemeral-store');
    expect(unavailableDependency(new Error('All sentinels are unreachable. Retrying from scratch after 10ms.'))).toBe(
      'ephemeral-store',
    );
    expect(unavailableDependency(withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'))).toBe(
      'platform service',
    );
  });

  it('leaves every other failure alone: a bad query, a constraint, a refusal already from the catalogue', () => {
    const badQuery = new errors.ResponseError({
      body: { error: { type: 'parsing_exception' } },
      statusCode: 400,
      headers: {},
      warnings: null,
      meta: {} as never,
    });
    expect(unavailableDependency(badQuery)).toBeUndefined();
    expect(unavailableDependency(withCode('duplicate key value violates unique constraint', '23505'))).toBeUndefined();
    expect(unavailableDependency(new DomainError('tags.nameExists'))).toBeUndefined();
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeUndefined();
    expect(unavailableDependency('not an error')).toBeUndefined();
  });
});
