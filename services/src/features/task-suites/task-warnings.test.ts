import { describe, expect, it } from 'vitest';
import { storedTask } from './task-suite.fixtures.ts';
import { taskWarnings } from './task-warnings.ts';

describe('task warnings', () => {
  it('has none for tasks within the advice', () =>
    expect(taskWarnings([storedTask('icmp-ping'), storedTask('voice-polqa'), storedTask('web-browsing')])).toEqual([]));

  it('discourages a task interval under 10 s', () => {
    expect(taskWarnings([storedTask('icmp-ping'), storedTask('dns', { interval: 9_999 })])).toEqual([
      { code: 'taskSuites.shortTaskInterval', params: { task: 'dns task', field: 'tasks.1.interval' } },
    ]);
    expect(taskWarnings([storedTask('dns', { interval: 10_000 })])).toEqual([]);
  });

  it('advises a polqa cadence of at least 10 minutes', () => {
    expect(taskWarnings([storedTask('voice-polqa', { interval: 599_999 })])).toEqual([
      { code: 'taskSuites.polqaCadence', params: { task: 'voice-polqa task', field: 'tasks.0.interval' } },
    ]);
    expect(taskWarnings([storedTask('voip', { interval: 60_000 })])).toEqual([]);
  });

  it('warns when a web-browsing timeout leaves no room for the 15 s Chrome takes to start', () => {
    const browsing = (changes: Record<string, unknown>) =>
      taskWarnings([storedTask('web-browsing', { urls: ['https://a.example', 'https://b.example'], ...changes })]);
    const chrome = {
      code: 'taskSuites.chromeInitialisation',
      params: { task: 'web-browsing task', field: 'tasks.0.timeout' },
    };
    expect(browsing({ pageLoadTimeout: 10_000, timeout: 34_999 })).toEqual([chrome]);
    expect(browsing({ pageLoadTimeout: 10_000, timeout: 35_000 })).toEqual([]);
    expect(browsing({ duration: 20_000, timeout: 34_999 })).toEqual([chrome]);
    expect(browsing({ duration: 20_000, timeout: 35_000 })).toEqual([]);
  });

  it('gives every warning of every task', () =>
    expect(taskWarnings([storedTask('voice-polqa', { interval: 5_000 })]).map((w) => w.code)).toEqual([
      'taskSuites.shortTaskInterval',
      'taskSuites.polqaCadence',
    ]));
});
