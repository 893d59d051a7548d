import { describe, expect, it } from 'vitest';
import { latestReports } from './probe-status-reports.ts';

const report = (probeId: string, reportedAt: string, state = 'Available') => ({
  value: JSON.stringify({ probeId, reportedAt, state }),
});

describe('probe status reports', () => {
  it("keeps each probe's newest report of a batch, versioned by its report time, and skips invalid ones", () => {
    const { writes, invalid } = latestReports([
      report('p1', '2026-11-22T10:00:00Z'),
      report('p1', '2026-11-22T10:05:00Z', 'Ready'),
      report('p1', '2026-11-22T09:00:00Z', 'Not ready'),
      report('p2', '2026-11-22T10:01:00Z'),
      { value: 'not json' },
      report('p3', 'yesterday'),
      {
        value: JSON.stringify({
          probeId: 'p4',
          reportedAt: '2026-11-22T10:00:00Z',
          state: 'Ready',
          operator: 'a\u0000',
        }),
      },
    ]);
    expect(invalid).toBe(3);
    expect(writes.map((write) => [write.id, write.doc?.state])).toEqual([
      ['p1', 'Ready'],
      ['p2', 'Available'],
    ]);
    expect(writes[0]!.version).toBe(BigInt(Date.parse('2026-11-22T10:05:00Z')));
  });
});
