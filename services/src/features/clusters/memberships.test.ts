import { describe, expect, it } from 'vitest';
import { membersAsOf } from './memberships.ts';

const memberships = [
  { probeId: 'p1', start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
  { probeId: 'p2', start: '2026-01-15T00:00:00.000Z' },
  { probeId: 'p1', start: '2026-03-01T00:00:00.000Z' },
  { probeId: 'p3', start: '2026-01-10T00:00:00.000Z', end: '2026-01-20T00:00:00.000Z' },
];
const at = (iso: string) => membersAsOf(memberships, new Date(iso));

describe('membersAsOf', () => {
  it('counts a membership from its start, inclusive', () => {
    expect(at('2025-12-31T23:59:59.999Z')).toEqual([]);
    expect(at('2026-01-01T00:00:00.000Z')).toEqual(['p1']);
  });

  it('stops counting it at its end, exclusive', () => {
    expect(at('2026-01-19T23:59:59.999Z')).toEqual(['p1', 'p2', 'p3']);
    expect(at('2026-01-20T00:00:00.000Z')).toEqual(['p1', 'p2']);
    expect(at('2026-02-01T00:00:00.000Z')).toEqual(['p2']);
  });

  it('keeps counting a membership without end, and lists a probe that rejoins once', () => {
    expect(at('2030-01-01T00:00:00.000Z')).toEqual(['p2', 'p1']);
    expect(
      membersAsOf([...memberships, { probeId: 'p2', start: '2020-01-01T00:00:00.000Z' }], new Date('2027-01-01')),
    ).toEqual(['p2', 'p1']);
  });

  it('has no members for no memberships or an invalid instant', () => {
    expect(membersAsOf([], new Date())).toEqual([]);
    expect(membersAsOf(memberships, new Date(Number.NaN))).toEqual([]);
  });
});
