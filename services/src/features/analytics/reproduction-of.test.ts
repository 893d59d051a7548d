import { describe, expect, it } from 'vitest';
import { reproductionOf } from './reproduction.ts';

describe('what reproduces an answer', () => {
  const body = { kpi: 'download', tsStart: '2026-11-01', tsEnd: '2026-11-30' };

  it('names the request posted again with the instant, at the position', () => {
    expect(reproductionOf('12:3', '2026-12-07T10:00:00.000Z', body, 'raw')).toEqual({
      asOf: '12:3',
      receivedUntil: '2026-12-07T10:00:00.000Z',
      query: { ...body, receivedUntil: '2026-12-07T10:00:00.000Z' },
    });
  });

  it('names the cube that served the answer: its reproduction reads raw measurements', () => {
    expect(reproductionOf('12:3', '2026-12-07T10:00:00.000Z', body, 'cube daily by provider')).toMatchObject({
      servedBy: 'daily by provider',
    });
  });
});
