import { errors } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { failureOf, readableLogs } from './log-output.ts';

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

  it('writes a failure as its type, code, message, stack and cause, never the request a client made', () => {
    const refused = new errors.ResponseError({
      body: { error: 'unauthorized' },
      statusCode: 401,
      headers: {},
      warnings: null,
      meta: {
        context: null,
        name: 'elasticsearch-js',
        request: {
          params: { method: 'GET', path: '/_search', headers: { authorization: 'Basic c2VjcmV0OnNlY3JldA==' } },
          options: {},
          id: 1,
        },
        connection: null,
        attempts: 0,
        aborted: false,
      },
    });
    const failure = new Error('the read store refused', { cause: refused });
    const logged = JSON.stringify(failureOf(failure));
    expect(failureOf(failure)).toMatchObject({
      type: 'Error',
      message: 'the read store refused',
      cause: { type: 'ResponseError' },
    });
    expect(logged).not.toContain('c2VjcmV0');
    expect(failureOf('plain text')).toEqual({ message: 'plain text' });
  });
});
