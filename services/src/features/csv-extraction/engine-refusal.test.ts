import { errors } from '@elastic/elasticsearch';
import { DomainError } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { asExtractionFailure } from './engine-refusal.ts';

const answered = (statusCode: number) =>
  new errors.ResponseError({
    body: { error: { type: 'x' } },
    statusCode,
    headers: {},
    warnings: null,
    meta: {} as never,
  });
const sqlFailure = (code: string) => Object.assign(new Error('sql'), { code });

describe('an engine failure as the extraction file records it', () => {
  it('fails the file with measurements.fetchFailed when the engine refuses the selection itself', () => {
    for (const refusal of [answered(400), answered(404), sqlFailure('22P02'), sqlFailure('42703')])
      expect(asExtractionFailure(refusal)).toMatchObject({ code: 'measurements.fetchFailed' });
  });

  it('leaves for a retry what may pass next time, and catalogue errors as they are', () => {
    for (const transient of [answered(503), answered(429), sqlFailure('08006'), new Error('socket hang up')])
      expect(asExtractionFailure(transient)).toBe(transient);
    const noTargets = new DomainError('destinations.noTargets');
    expect(asExtractionFailure(noTargets)).toBe(noTargets);
  });
});
