import { describe, expect, it } from 'vitest';
import { formatBytes, formatDistance } from './format.ts';

describe('formats', () => {
  it('writes sizes in decimal units, so the polygon size limit of 10,000,000 bytes reads 10 MB', () => {
    expect(formatBytes(10_000_000, 'en')).toBe('10 MB');
    expect(formatBytes(1_536, 'en')).toBe('1.5 kB');
    expect(formatBytes(12, 'en')).toBe('12 B');
    expect(formatBytes(999_999_999_999, 'en')).toBe('1,000,000 MB');
    expect(formatBytes(11_916_013, 'es')).toBe('11,9 MB');
  });
  it('writes distances in metres or kilometres', () => {
    expect(formatDistance(500, 'en')).toBe('500 m');
    expect(formatDistance(5_000, 'en')).toBe('5 km');
  });
});
