import { alertFieldsSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { replayAlert, summaryOf, timelineOf } from './alert-backtest.ts';
import type { EvaluatedAlert } from './alert-matching.ts';
import { slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';

const alert: EvaluatedAlert = {
  id: 'backtest',
  owner: 'noc',
  version: 1,
  fields: alertFieldsSchema.parse(slowDownloadAlert('Slow', { eventsCount: 1 })),
};
const batchesOf = async function* (...batches: ReturnType<typeof speedTest>[][]) {
  yield* batches;
};

describe('alert back-test timeline', () => {
  it('given slow tests of three probes, when only two groups may be shown, then the most firing come first and the cut is told', async () => {
    const replayed = await replayAlert(
      alert,
      batchesOf(
        [speedTest('p1', '2026-01-15T10:05:00Z', 40), speedTest('p2', '2026-01-15T10:06:00Z', 40)],
        [speedTest('p2', '2026-01-15T11:06:00Z', 40), speedTest('p3', '2026-01-15T11:10:00Z', 50)],
      ),
      Date.parse('2026-01-15T13:30:00Z'),
    );
    const { groups, warnings } = timelineOf(replayed, (_, id) => `Probe ${id}`, 2);
    expect(groups.map(({ group }) => `${group.label}: ${group.id}`)).toEqual(['Probe p2: p2', 'Probe p1: p1']);
    expect(groups[0]!.windows.map((window) => `${window.start.slice(11, 16)} ${window.state}`)).toEqual([
      '10:00 firing',
      '11:00 firing',
      '12:00 noData',
    ]);
    expect(warnings).toEqual([{ code: 'alerts.backtestGroupsCut', params: { groups: 3, shown: 2 } }]);
    expect(summaryOf(replayed)).toMatchObject({ groups: 3, windowsFiring: 4, firstFiring: '2026-01-15T10:00:00.000Z' });
  });

  it('given more windows than are kept, then the first ones are shown, every firing one counted and the cut told', async () => {
    const tests = Array.from({ length: 5 }, (_, hour) => speedTest('p1', `2026-01-15T1${hour}:05:00Z`, 10));
    const replayed = await replayAlert(alert, batchesOf(tests), Date.parse('2026-01-15T15:30:00Z'), 2);
    const { groups, warnings } = timelineOf(replayed, () => undefined);
    expect(groups[0]!.windows).toHaveLength(2);
    expect(summaryOf(replayed)).toMatchObject({ windowsFiring: 5, lastFiring: '2026-01-15T14:00:00.000Z' });
    expect(warnings.map((item) => item.code)).toEqual(['alerts.backtestWindowsCut']);
  });
});
