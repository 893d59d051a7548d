import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformErrorMark, platformErrorsSince } from './platform-errors.ts';
import { openTestApi, type TestApi } from './test-api.ts';

describe('the errors a test platform logs, kept for a failing test to show', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi();
  });
  afterAll(() => api?.raw.close());

  it('keeps each error the platform logs as one line with its cause, the latest ones since a mark', async () => {
    const before = platformErrorMark();
    api.raw.log.error({ err: new Error('shard not started') }, 'smart performance KPI failed');
    api.raw.log.warn('only errors are kept');
    const after = platformErrorMark();
    api.raw.log.error('a later one');
    const refused = Object.assign(new Error('search_phase_execution_exception'), { code: 400 });
    api.raw.log.error(
      { err: new Error('Could not load the measurements.', { cause: refused }) },
      'dependency or internal failure',
    );
    expect(platformErrorsSince(before)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} smart performance KPI failed — Error: shard not started$/),
      expect.stringMatching(/ a later one$/),
      // A catalogue error says what failed; its cause says why.
      expect.stringMatching(
        / dependency or internal failure — Error: Could not load the measurements\. ← Error \(400\): search_phase_execution_exception$/,
      ),
    ]);
    expect(platformErrorsSince(after)).toEqual([
      expect.stringMatching(/ a later one$/),
      expect.stringMatching(/ dependency or internal failure /),
    ]);
  });
});
