import { describe, expect, it } from 'vitest';
import { suiteBody } from './suite-body.ts';
import type { SuiteDraft } from './task-suite-schema.ts';

const draft: SuiteDraft = {
  name: 'Landline',
  family: 'Cube',
  backendInfo: { httpUrl: ' ', statusReport: { mode: 'Interval', interval: 300_000 } },
  tasks: [
    { type: 'dns', id: 'dns', name: 'DNS', interval: 300_000, timeout: 10_000, domains: ['example.com'], url: '' },
  ],
  taskRules: { executionMode: 'sync', scheduling: { passiveLimits: {} }, speedRequirements: {} },
};

describe('task suite body', () => {
  it('sends every field as edited, blanks and empty groups left to the server defaults', () => {
    expect(suiteBody(draft)).toEqual({
      name: 'Landline',
      family: 'Cube',
      backendInfo: { statusReport: { mode: 'Interval', interval: 300_000 } },
      tasks: [{ type: 'dns', id: 'dns', name: 'DNS', interval: 300_000, timeout: 10_000, domains: ['example.com'] }],
      taskRules: { executionMode: 'sync' },
    });
  });

  it('keeps an emptied name (for the server to refuse) and leaves out a family not chosen', () => {
    expect(suiteBody({ ...draft, name: '', family: '' })).toMatchObject({ name: '' });
    expect(suiteBody({ ...draft, family: '' })).not.toHaveProperty('family');
  });

  it('states the version of an update, and the confirmation of a family change only once agreed', () => {
    expect(suiteBody(draft, { version: 4, confirmFamilyChange: false })).toMatchObject({ expectedVersion: 4 });
    expect(suiteBody(draft, { version: 4, confirmFamilyChange: false })).not.toHaveProperty('confirmFamilyChange');
    expect(suiteBody(draft, { version: 4, confirmFamilyChange: true })).toMatchObject({ confirmFamilyChange: true });
  });
});
