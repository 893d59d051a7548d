import { describe, expect, it } from 'vitest';
import { longestBucket, timeAxis } from './time-axis.ts';

const at = (instant: string) => Date.parse(instant);
const labels = (axis: ReturnType<typeof timeAxis>) => axis.ticks.map(axis.label);

describe('time axis', () => {
  it('spreads ticks over months of days at quarter starts, labelled in the language', () => {
    const days = [at('2024-01-10T00:00:00Z'), at('2024-01-11T00:00:00Z'), at('2025-05-21T00:00:00Z')];
    const english = timeAxis(days, longestBucket.day, { language: 'en', timeZone: 'Etc/UTC' });
    expect(labels(english)).toEqual(['Apr 2024', 'Jul 2024', 'Oct 2024', 'Jan 2025', 'Apr 2025']);
    expect(english.ticks[0]).toBe(at('2024-04-01T00:00:00Z'));
    expect(english.domain).toEqual([days[0]! - longestBucket.day / 2, days[2]! + longestBucket.day / 2]);
    expect(labels(timeAxis(days, longestBucket.day, { language: 'es', timeZone: 'Etc/UTC' }))[0]).toBe('abr 2024');
  });

  it('puts ticks at the starts of periods in the profile time zone, not in UTC', () => {
    // Madrid's midnight of 1 April 2024 is 22:00 UTC the day before (summer time).
    const madrid = timeAxis([at('2024-03-10T00:00:00Z'), at('2024-07-20T00:00:00Z')], longestBucket.day, {
      language: 'en',
      timeZone: 'Europe/Madrid',
    });
    expect(madrid.ticks).toContain(at('2024-03-31T22:00:00Z'));
    expect(labels(madrid)).toContain('Apr 2024');
  });

  it('is never finer than a bucket, and keeps to a few ticks over short spans', () => {
    const months = timeAxis([at('2026-01-01T00:00:00Z'), at('2026-03-01T00:00:00Z')], longestBucket.month, {
      language: 'en',
      timeZone: 'Etc/UTC',
    });
    expect(labels(months)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    const minutes = timeAxis([at('2026-05-04T10:00:00Z'), at('2026-05-04T10:20:00Z')], longestBucket.minutes, {
      language: 'en',
      timeZone: 'Etc/UTC',
    });
    expect(minutes.ticks.length).toBeLessThanOrEqual(7);
    expect(minutes.ticks.every((tick) => tick % (5 * 60_000) === 0)).toBe(true);
  });

  it('narrows the ticks to a zoomed part of the axis', () => {
    const months = [at('2024-01-01T00:00:00Z'), at('2025-12-01T00:00:00Z')];
    const whole = timeAxis(months, longestBucket.day, { language: 'en', timeZone: 'Etc/UTC' });
    const zoomed = timeAxis(months, longestBucket.day, {
      language: 'en',
      timeZone: 'Etc/UTC',
      within: [at('2024-03-01T00:00:00Z'), at('2024-04-15T00:00:00Z')],
    });
    expect(zoomed.domain).toEqual(whole.domain);
    expect(labels(zoomed)).toEqual(['Mar 4', 'Mar 11', 'Mar 18', 'Mar 25', 'Apr 1', 'Apr 8', 'Apr 15']);
  });
});
