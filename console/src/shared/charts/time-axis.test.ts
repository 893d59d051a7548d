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

  const sixWeeksOfDays = Array.from({ length: 45 }, (_, index) => at('2026-10-20T00:00:00Z') + index * 86_400_000);
  const sevenWeeks = Array.from({ length: 7 }, (_, index) => at('2026-10-19T00:00:00Z') + index * 7 * 86_400_000);

  it('labels days and months over six or seven weeks of days, not one month for all of them', () => {
    const wide = timeAxis(sixWeeksOfDays, longestBucket.day, { language: 'en', timeZone: 'Etc/UTC', width: 900 });
    expect(labels(wide)).toEqual(['Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23', 'Nov 30']);
    const tile = timeAxis(sixWeeksOfDays, longestBucket.day, {
      language: 'es',
      timeZone: 'Etc/UTC',
      maxTicks: 4,
      width: 260,
    });
    expect(labels(tile)).toEqual(['2 nov', '16 nov', '30 nov']);
  });

  it('labels weeks by their Mondays over seven weeks of weeks, in a full chart and in a small tile', () => {
    const wide = timeAxis(sevenWeeks, longestBucket.week, { language: 'en', timeZone: 'Etc/UTC', width: 900 });
    expect(labels(wide)).toEqual(['Oct 19', 'Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23', 'Nov 30']);
    const tile = timeAxis(sevenWeeks, longestBucket.week, {
      language: 'en',
      timeZone: 'Etc/UTC',
      maxTicks: 4,
      width: 260,
    });
    expect(labels(tile).length).toBeGreaterThanOrEqual(3);
    expect(labels(tile).every((label) => /^[A-Z][a-z]{2} \d{1,2}$/.test(label))).toBe(true);
  });

  it('keeps to the ticks whose labels fit side by side in a narrow axis', () => {
    const narrow = timeAxis(sixWeeksOfDays, longestBucket.day, { language: 'en', timeZone: 'Etc/UTC', width: 150 });
    expect(narrow.ticks.length).toBeGreaterThanOrEqual(2);
    const widest = Math.max(...labels(narrow).map((label) => label.length));
    expect(narrow.ticks.length * (widest * 7 + 16)).toBeLessThanOrEqual(150);
  });

  it('leaves out a tick so near an end of the axis that the chart edge would cut its label', () => {
    const untilToday = Array.from({ length: 40 }, (_, index) => at('2026-10-15T00:00:00Z') + index * 86_400_000);
    const tile = { language: 'en', timeZone: 'Etc/UTC', maxTicks: 4, overhang: 12 };
    expect(labels(timeAxis(untilToday, longestBucket.day, tile))).toContain('Nov 23');
    expect(labels(timeAxis(untilToday, longestBucket.day, { ...tile, width: 272 }))).toEqual(['Oct 26', 'Nov 9']);
  });
});
