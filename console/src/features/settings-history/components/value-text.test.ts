import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput, valueText } from './value-text.ts';

describe('history values', () => {
  it('shows text as is, other values as JSON, and nothing as a dash', () => {
    expect(valueText('Madrid')).toBe('Madrid');
    expect(valueText(3)).toBe('3');
    expect(valueText(false)).toBe('false');
    expect(valueText(['a', 'b'])).toBe('[\n  "a",\n  "b"\n]');
    expect(valueText(undefined)).toBe('—');
    expect(valueText(null)).toBe('—');
  });

  it('round-trips an instant through a datetime-local value (to the minute)', () => {
    const iso = '2026-03-04T10:20:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeUndefined();
  });
});
