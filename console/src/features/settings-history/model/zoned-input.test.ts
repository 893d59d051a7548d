import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zoned-input.ts';

describe('instants typed in the profile’s time zone', () => {
  it('shows an instant as the zone’s clock reads it and reads it back, across daylight saving', () => {
    expect(toZonedInput('2026-03-04T10:20:00.000Z', 'Europe/Madrid')).toBe('2026-03-04T11:20');
    expect(fromZonedInput('2026-03-04T11:20', 'Europe/Madrid')).toBe('2026-03-04T10:20:00.000Z');
    expect(fromZonedInput('2026-07-01T12:00', 'Europe/Madrid')).toBe('2026-07-01T10:00:00.000Z');
    expect(toZonedInput('2026-07-01T10:00:00.000Z', 'Etc/UTC')).toBe('2026-07-01T10:00');
    expect(fromZonedInput('', 'Etc/UTC')).toBeUndefined();
  });
});
