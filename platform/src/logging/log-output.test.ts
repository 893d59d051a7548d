import { describe, expect, it } from 'vitest';
import { readableLogs } from './log-output.ts';

describe('log output', () => {
  it('is readable for a person at a terminal, JSON for a pipe, a file or production', () => {
    expect(readableLogs('auto', { isTTY: true }, {})).toBe(true);
    expect(readableLogs('auto', { isTTY: false }, {})).toBe(false);
    expect(readableLogs('auto', {}, {})).toBe(false);
    expect(readableLogs('auto', { isTTY: true }, { NODE_ENV: 'production' })).toBe(false);
  });

  it('follows LOG_FORMAT when it says pretty or json', () => {
    expect(readableLogs('pretty', { isTTY: false }, { NODE_ENV: 'production' })).toBe(true);
    expect(readableLogs('json', { isTTY: true }, {})).toBe(false);
  });
});
