import { describe, expect, it } from 'vitest';
import { lastDays } from './last-days.ts';

const now = new Date('2026-11-25T23:30:00.000Z');

describe('the last 30 days a storyboard charts', () => {
  it('ends today in the profile’s time zone and starts 29 days before, as whole days', () => {
    // 23:30 UTC is already the 26th in Madrid.
    expect(lastDays(30, now, { timeZone: 'Europe/Madrid' })).toEqual({
      tsStart: '2026-10-28',
      tsEnd: '2026-11-26',
      timeZone: 'Europe/Madrid',
    });
    expect(lastDays(30, now, {})).toEqual({ tsStart: '2026-10-27', tsEnd: '2026-11-25', timeZone: 'Etc/UTC' });
  });

  it('keeps within the profile’s dates: they start or end inside the window', () => {
    const scope = { from: '2026-11-10T08:00:00.000Z', to: '2026-11-20T12:00:00.000Z' };
    expect(lastDays(30, now, scope)).toEqual({
      tsStart: '2026-11-10T08:00:00.000Z',
      tsEnd: '2026-11-20T12:00:00.000Z',
      timeZone: 'Etc/UTC',
    });
    expect(lastDays(30, now, { to: '2026-12-31T23:59:59.999Z' }).tsEnd).toBe('2026-11-25');
  });

  it('refuses a profile whose dates have not begun', () => {
    expect(() => lastDays(30, now, { from: '2026-12-01T00:00:00.000Z' })).toThrow(
      expect.objectContaining({ code: 'profiles.outOfDateLimits' }),
    );
  });
});
