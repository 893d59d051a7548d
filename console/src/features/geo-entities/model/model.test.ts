import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';
import { dayOf, endOfDay, endsBeforeStart, startOfDay } from './utc-dates.ts';

describe('UTC days (campaign calendars in UTC, start 00:00:00, end 23:59:59)', () => {
  it('shows the UTC day of an instant, whatever the browser time zone', () => {
    expect(dayOf('2026-12-31T23:59:59.000Z')).toBe('2026-12-31');
    expect(dayOf('2026-01-01T00:30:00+02:00')).toBe('2025-12-31');
    expect(dayOf(undefined)).toBe('');
  });
  it('turns days into the first and last second of the day in UTC', () => {
    expect(startOfDay('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(endOfDay('2026-03-31')).toBe('2026-03-31T23:59:59.000Z');
    expect(startOfDay('')).toBeUndefined();
  });
  it('tells an end before its start', () => {
    expect(endsBeforeStart('2026-03-02', '2026-03-01')).toBe(true);
    expect(endsBeforeStart('2026-03-01', '2026-03-01')).toBe(false);
    expect(endsBeforeStart('', '2026-03-01')).toBe(false);
  });
});

describe('changedFields', () => {
  it('keeps only what changed, and clears what was emptied', () => {
    expect(
      changedFields(
        { name: 'a', polygon: { coordinates: [[1, 2]] }, special: false, description: 'x' },
        { name: 'b', polygon: { coordinates: [[1, 2]] }, special: false, description: undefined },
      ),
    ).toEqual({ name: 'b', description: null });
  });
});
