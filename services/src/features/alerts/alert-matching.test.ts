import { alertFieldsSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { type EvaluatedAlert, evaluatedAlert, groupsOf } from './alert-matching.ts';
import { slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';

const alertOf = (fields: Record<string, unknown> = {}): EvaluatedAlert => ({
  id: 'a1',
  owner: 'p',
  version: 1,
  fields: alertFieldsSchema.parse(slowDownloadAlert('Slow', fields)),
});
const measurement = (changes: Partial<ReturnType<typeof speedTest>> = {}) => ({
  ...speedTest('probe-1', '2026-03-01T10:00:00Z', 40),
  ...changes,
});

describe('which groups of an alert a measurement counts in', () => {
  it('its probe, when of the alert type and a program of its conditions', () => {
    expect(groupsOf(alertOf(), measurement())).toEqual(['probe-1']);
    expect(groupsOf(alertOf(), measurement({ probeType: 'mobile' }))).toEqual([]);
    expect(groupsOf(alertOf(), measurement({ program: 'ping' }))).toEqual([]);
  });

  it('only within the technologies, campaigns, universes and providers named (none: all)', () => {
    expect(groupsOf(alertOf({ technologies: [99] }), measurement())).toEqual([]);
    expect(groupsOf(alertOf({ providers: ['digi'] }), measurement({ ispId: 'digi' }))).toEqual(['probe-1']);
    expect(groupsOf(alertOf({ providers: ['digi'] }), measurement({ ispId: 'orange' }))).toEqual([]);
    expect(groupsOf(alertOf({ universes: ['u1'] }), measurement({ universes: ['u2'] }))).toEqual([]);
  });

  it('each of its universes (those named, when some are) when grouped by universe', () => {
    const byUniverse = { grouping: 'universe' };
    expect(groupsOf(alertOf(byUniverse), measurement({ universes: ['u2', 'u1'] }))).toEqual(['u1', 'u2']);
    expect(groupsOf(alertOf({ ...byUniverse, universes: ['u1'] }), measurement({ universes: ['u2', 'u1'] }))).toEqual([
      'u1',
    ]);
    expect(groupsOf(alertOf(byUniverse), measurement({ universes: [] }))).toEqual([]);
  });
});

describe('the alerts the evaluator runs', () => {
  const document = { ...slowDownloadAlert('Slow'), id: 'a1', owner: 'p', version: 3 };
  it('are enabled and Active ones', () => {
    expect(evaluatedAlert(document)).toMatchObject({ id: 'a1', owner: 'p', version: 3 });
    expect(evaluatedAlert({ ...document, enabled: false })).toBeUndefined();
    expect(evaluatedAlert({ ...document, status: 'Inactive' })).toBeUndefined();
  });
});
