import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateRangeSchema, overlappingRanges, probeMembershipSchema } from './date-ranges.ts';

describe('date ranges', () => {
  it('normalises ISO dates and date-times to UTC', () => {
    expect(
      probeMembershipSchema.parse({ probeId: ' p1 ', start: '2026-01-01', end: '2026-01-02T10:00:00+02:00' }),
    ).toEqual({ probeId: 'p1', start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T08:00:00.000Z' });
  });

  it('refuses dates that are not ISO dates, and an end not after the start', () => {
    for (const start of ['2026-02-30', '01/02/2026', '2026-01-01T10:00:00'])
      expect(dateRangeSchema.safeParse({ start }).error?.issues).toMatchObject([
        { message: 'validation.invalidDate', path: ['start'] },
      ]);
    expect(dateRangeSchema.safeParse({ start: '2026-01-02', end: '2026-01-02' }).error?.issues).toMatchObject([
      { message: 'validation.endBeforeStart', path: ['end'] },
    ]);
  });

  it('finds the overlapping ranges of the same probe; touching ranges and other probes do not overlap', () => {
    const memberships = [
      { probeId: 'p1', start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
      { probeId: 'p1', start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
      { probeId: 'p2', start: '2026-01-15T00:00:00.000Z' },
      { probeId: 'p1', start: '2026-02-15T00:00:00.000Z' },
    ];
    expect(overlappingRanges(memberships)).toEqual([{ probeId: 'p1', ranges: [1, 3] }]);
    expect(overlappingRanges(memberships.slice(0, 3))).toEqual([]);
  });

  it('treats a range without end as still running, and compares plain ranges with each other', () => {
    expect(
      overlappingRanges([
        { start: '2026-01-01T00:00:00.000Z' },
        { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' },
      ]),
    ).toEqual([{ ranges: [0, 1] }]);
  });
});

describe('overlapping ranges, among many', () => {
  const instant = fc.integer({ min: 0, max: 40 }).map((hour) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString());
  const membership = fc
    .record({
      probeId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
      start: instant,
      hours: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
    })
    .map(({ probeId, start, hours }) => ({
      ...(probeId === undefined ? {} : { probeId }),
      start,
      ...(hours === undefined ? {} : { end: new Date(Date.parse(start) + hours * 3_600_000).toISOString() }),
    }));

  it('are every pair of one probe (or of plain ranges) sharing an instant, in the order the ranges were given', () => {
    const endOf = (range: { end?: string }) => (range.end ? Date.parse(range.end) : Number.POSITIVE_INFINITY);
    fc.assert(
      fc.property(fc.array(membership, { maxLength: 30 }), (ranges) => {
        const expected = ranges.flatMap((a, i) =>
          ranges.flatMap((b, j) =>
            j > i && a.probeId === b.probeId && Date.parse(a.start) < endOf(b) && Date.parse(b.start) < endOf(a)
              ? [a.probeId === undefined ? { ranges: [i, j] } : { probeId: a.probeId, ranges: [i, j] }]
              : [],
          ),
        );
        expect(overlappingRanges(ranges)).toEqual(expected);
      }),
    );
  });
});
