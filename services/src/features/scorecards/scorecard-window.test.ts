import { describe, expect, it } from 'vitest';
import { comparisonWindow, liveWindow } from './scorecard-window.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const madrid = { timeZone: 'Europe/Madrid' };
const profile2026 = { ...madrid, from: '2026-01-01T00:00:00.000Z', to: '2026-11-15T00:00:00.000Z' };
const refusedWith = (code: string) => expect.objectContaining({ code });

describe('scorecard windows', () => {
  it('default to the last 30 days, as absolute instants', () =>
    expect(liveWindow({}, { now, scope: madrid })).toEqual({
      from: '2026-10-23T10:00:00.000Z',
      to: '2026-11-22T10:00:00.000Z',
      timeZone: 'Europe/Madrid',
    }));

  it("keep the default within the profile's dates", () => {
    expect(liveWindow({}, { now, scope: profile2026 })).toMatchObject({
      from: '2026-10-16T00:00:00.000Z',
      to: '2026-11-15T00:00:00.000Z',
    });
    expect(liveWindow({ to: '2026-01-10' }, { now, scope: profile2026 }).from).toBe('2026-01-01T00:00:00.000Z');
  });

  it("read dates as whole days in the profile's time zone, instants as given", () =>
    expect(liveWindow({ from: '2026-10-01', to: '2026-10-31T12:00:00+01:00' }, { now, scope: madrid })).toEqual({
      from: '2026-09-30T22:00:00.000Z',
      to: '2026-10-31T11:00:00.000Z',
      timeZone: 'Europe/Madrid',
    }));

  it("refuse a window asked outside the profile's dates, or ending before it starts", () => {
    expect(() => liveWindow({ from: '2025-12-01', to: '2026-01-31' }, { now, scope: profile2026 })).toThrow(
      refusedWith('scorecards.outOfProfileDateLimits'),
    );
    expect(() => liveWindow({ from: '2026-12-01' }, { now, scope: madrid })).toThrow(
      refusedWith('validation.endBeforeStart'),
    );
  });

  it('compare with an interval, or with the previous window of the same length', () => {
    const live = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-30T23:59:59.999Z', timeZone: 'Europe/Madrid' };
    expect(comparisonWindow('previous', live, madrid)).toEqual({
      from: '2026-09-01T00:00:00.000Z',
      to: '2026-09-30T23:59:59.999Z',
      timeZone: 'Europe/Madrid',
    });
    expect(comparisonWindow('2026-09-01/2026-09-30', live, madrid)).toMatchObject({
      from: '2026-08-31T22:00:00.000Z',
      to: '2026-09-30T21:59:59.999Z',
    });
    expect(() => comparisonWindow('2025-09-01/2025-09-30', live, profile2026)).toThrow(
      refusedWith('scorecards.outOfProfileDateLimits'),
    );
  });
});
