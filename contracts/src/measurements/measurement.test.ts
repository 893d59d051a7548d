import { describe, expect, it } from 'vitest';
import { measurementSchema } from './measurement.ts';

const sent = {
  measurementId: 'm-1',
  probeId: 'mad001',
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  measuredAt: '2026-03-02T10:00:00.000Z',
  status: 'Error',
};

describe('a measurement a probe sends', () => {
  it('keeps why its test failed, as the probe told', () => {
    const failure = { reason: 'timeout', detail: 'no answer within 30 s' };
    expect(measurementSchema.parse({ ...sent, failure }).failure).toEqual(failure);
    expect(measurementSchema.parse(sent).failure).toBeUndefined();
  });

  it('refuses a reason the interface cannot name, and a detail longer than 200 characters', () => {
    const unknown = measurementSchema.safeParse({ ...sent, failure: { reason: 'gremlins' } });
    expect(unknown.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['failure.reason', 'validation.invalidOption'],
    ]);
    const long = measurementSchema.safeParse({ ...sent, failure: { reason: 'other', detail: 'x'.repeat(201) } });
    expect(long.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['failure.detail', 'validation.tooLong'],
    ]);
  });
});
