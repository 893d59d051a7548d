import { specification, testContext } from '@nq/platform/decider/specification';
import { describe, expect, it } from 'vitest';
import {
  type EvaluatedRule,
  type EvaluationContext,
  type EvaluationEvent,
  evaluationDecider,
  metValue,
  type WindowDecision,
  windowOf,
} from './alert-evaluation.ts';

const hour = 3_600_000;
const minute = 60_000;
const at = (time: string) => Date.parse(time);
const context: EvaluationContext = { ...testContext, notificationSpacingMs: 5 * minute };
const spec = specification(evaluationDecider, context);

/** Download under 100 Mbps at least twice in an hour. */
const slowDownloads: EvaluatedRule = {
  version: 1,
  fields: {
    conditions: [{ program: 'speedtest', kpi: 'download', operator: 'lt', value: 100 }],
    interval: { value: 1, unit: 'hour' },
    eventsCount: 2,
    notifyOnlyNew: false,
  },
};
const onlyNew: EvaluatedRule = { ...slowDownloads, fields: { ...slowDownloads.fields, notifyOnlyNew: true } };

const download = (time: string, mbps: number, program = 'speedtest') => ({
  at: at(time),
  program,
  kpis: { download: mbps },
});
const observe = (time: string, mbps: number, rule = slowDownloads) =>
  ({ type: 'observe', rule, measurement: download(time, mbps) }) as const;

const window = (start: string) => ({ start: at(start), end: at(start) + hour });
const opened = (start: string, rule = slowDownloads): EvaluationEvent => ({
  type: 'WindowOpened',
  data: { ...window(start), alertVersion: rule.version, conditions: 1 },
});
const counted = (...met: number[]): EvaluationEvent => ({
  type: 'MeasurementCounted',
  data: { met: met.map((value) => ({ condition: 0, value })) },
});
const decidedWith = (data: Partial<WindowDecision>) =>
  ({ type: 'WindowDecided', data: expect.objectContaining(data) }) as EvaluationEvent;
const slowHourAt10 = [opened('2026-03-01T10:00:00Z'), counted(40), counted(30)];

describe('windows', () => {
  it('are tumbling and aligned on the interval in UTC', () => {
    expect(windowOf(at('2026-03-01T10:42:10Z'), { value: 15, unit: 'minute' })).toEqual({
      start: at('2026-03-01T10:30:00Z'),
      end: at('2026-03-01T10:45:00Z'),
    });
    expect(windowOf(at('2026-03-01T23:59:59Z'), { value: 1, unit: 'day' }).start).toBe(at('2026-03-01T00:00:00Z'));
  });

  it('of a week start on Monday', () => {
    // 2026-03-04 is a Wednesday.
    expect(windowOf(at('2026-03-04T12:00:00Z'), { value: 1, unit: 'week' }).start).toBe(at('2026-03-02T00:00:00Z'));
  });
});

describe('a condition', () => {
  const condition = slowDownloads.fields.conditions[0]!;
  it('is met by a measurement of its program whose KPI compares true', () => {
    expect(metValue(condition, download('2026-03-01T10:00:00Z', 50))).toBe(50);
    expect(metValue(condition, download('2026-03-01T10:00:00Z', 150))).toBeUndefined();
    expect(metValue(condition, download('2026-03-01T10:00:00Z', 50, 'other'))).toBeUndefined();
    expect(metValue(condition, { at: 0, program: 'speedtest', kpis: {} })).toBeUndefined();
  });
});

describe('evaluating a group', () => {
  it('opens the window of its first measurement and counts it', () => {
    spec
      .given([])
      .when(observe('2026-03-01T10:12:00Z', 40))
      .then([opened('2026-03-01T10:00:00Z'), counted(40)]);
  });

  it('keeps the worst value met in the window', () => {
    spec
      .given([opened('2026-03-01T10:00:00Z'), counted(40)])
      .when(observe('2026-03-01T10:30:00Z', 60))
      .then([counted(40)]);
  });

  it('counts a measurement meeting no condition without matching', () => {
    spec
      .given([opened('2026-03-01T10:00:00Z')])
      .when(observe('2026-03-01T10:30:00Z', 500))
      .then([counted()]);
  });

  it('fires when a measurement of a later window arrives and the events count was reached', () => {
    spec
      .given(slowHourAt10)
      .when(observe('2026-03-01T11:05:00Z', 500))
      .then([
        {
          type: 'WindowDecided',
          data: {
            window: window('2026-03-01T10:00:00Z'),
            measurements: 2,
            matching: 2,
            becomes: 'firing',
            entry: 'firing',
            condition: 0,
            value: 30,
            notify: true,
          },
        },
        opened('2026-03-01T11:00:00Z'),
        counted(),
      ]);
  });

  it('does not fire under the events count, and records nothing for a quiet window', () => {
    spec
      .given([opened('2026-03-01T10:00:00Z'), counted(40), counted()])
      .when(observe('2026-03-01T11:05:00Z', 500))
      .thenMatches([
        decidedWith({ becomes: 'ok', matching: 1, notify: false }),
        { type: 'WindowOpened' },
        { type: 'MeasurementCounted' },
      ]);
    const [decided] = evaluationDecider.decide(
      observe('2026-03-01T11:05:00Z', 500),
      [opened('2026-03-01T10:00:00Z'), counted(40)].reduce(evaluationDecider.evolve, evaluationDecider.initialState),
      context,
    );
    expect(decided).toMatchObject({ data: { becomes: 'ok' } });
    expect(decided).not.toHaveProperty('data.entry');
  });

  it('resolves in the first window that no longer fires', () => {
    const firedAt10 = [
      ...slowHourAt10,
      ...evaluationDecider.decide(observe('2026-03-01T11:05:00Z', 500), fold(slowHourAt10), context),
    ];
    spec
      .given(firedAt10)
      .when(observe('2026-03-01T12:01:00Z', 500))
      .thenMatches([
        decidedWith({ window: window('2026-03-01T11:00:00Z'), entry: 'resolved', notify: true }),
        { type: 'WindowOpened' },
        { type: 'MeasurementCounted' },
      ]);
  });

  it('goes to no data when the clock passes a whole window with nothing from a group that reported', () => {
    spec
      .given(slowHourAt10)
      .when({ type: 'elapse', rule: slowDownloads, until: at('2026-03-01T12:00:30Z') })
      .thenMatches([
        decidedWith({ window: window('2026-03-01T10:00:00Z'), entry: 'firing' }),
        decidedWith({ window: window('2026-03-01T11:00:00Z'), measurements: 0, becomes: 'noData', entry: 'noData' }),
        opened('2026-03-01T12:00:00Z'),
      ]);
  });

  it('records no data once, then waits for the group to report again', () => {
    const silent = [
      ...slowHourAt10,
      ...evaluationDecider.decide(
        { type: 'elapse', rule: slowDownloads, until: at('2026-03-01T12:00:30Z') },
        fold(slowHourAt10),
        context,
      ),
    ];
    spec
      .given(silent)
      .when({ type: 'elapse', rule: slowDownloads, until: at('2026-03-01T18:00:00Z') })
      .then([]);
    spec
      .given(silent)
      .when(observe('2026-03-01T18:10:00Z', 40))
      .then([opened('2026-03-01T18:00:00Z'), counted(40)]);
  });

  it('decides nothing before the window has ended', () => {
    spec
      .given(slowHourAt10)
      .when({ type: 'elapse', rule: slowDownloads, until: at('2026-03-01T10:59:59Z') })
      .then([]);
  });

  it('ignores a measurement of a window already decided', () => {
    spec
      .given([opened('2026-03-01T11:00:00Z')])
      .when(observe('2026-03-01T10:59:00Z', 40))
      .then([]);
  });

  it('restarts the open window when the alert changed, keeping how the group stood', () => {
    const changed: EvaluatedRule = { ...slowDownloads, version: 2 };
    spec
      .given(slowHourAt10)
      .when(observe('2026-03-01T10:40:00Z', 40, changed))
      .then([opened('2026-03-01T10:00:00Z', changed), counted(40)]);
  });
});

function fold(events: EvaluationEvent[]) {
  return events.reduce(evaluationDecider.evolve, evaluationDecider.initialState);
}

/** Feeds measurements (time, Mbps) through the decider and answers each decided window's entry and notification. */
function run(rule: EvaluatedRule, measurements: [string, number][], spacingMs = context.notificationSpacingMs) {
  let state = evaluationDecider.initialState;
  const decided: { entry?: string; notify: boolean }[] = [];
  for (const [time, mbps] of measurements)
    for (const event of evaluationDecider.decide(observe(time, mbps, rule), state, {
      ...context,
      notificationSpacingMs: spacingMs,
    })) {
      state = evaluationDecider.evolve(state, event);
      if (event.type === 'WindowDecided' && event.data.entry)
        decided.push({ entry: event.data.entry, notify: event.data.notify });
    }
  return decided;
}

describe('notifications', () => {
  const firingTwice: [string, number][] = [
    ['2026-03-01T10:01:00Z', 40],
    ['2026-03-01T10:02:00Z', 40],
    ['2026-03-01T11:01:00Z', 40],
    ['2026-03-01T11:02:00Z', 40],
    ['2026-03-01T12:01:00Z', 500],
    ['2026-03-01T13:01:00Z', 500],
  ];

  it('tell every firing window unless only new ones are asked for', () => {
    expect(run(slowDownloads, firingTwice)).toEqual([
      { entry: 'firing', notify: true },
      { entry: 'firing', notify: true },
      { entry: 'resolved', notify: true },
    ]);
    expect(run(onlyNew, firingTwice)).toEqual([
      { entry: 'firing', notify: true },
      { entry: 'firing', notify: false },
      { entry: 'resolved', notify: true },
    ]);
  });

  it('of a flapping alert are spaced: one per state change at most every spacing', () => {
    const everyMinute: EvaluatedRule = {
      ...onlyNew,
      fields: { ...onlyNew.fields, eventsCount: 1, interval: { value: 1, unit: 'minute' } },
    };
    const flapping = Array.from({ length: 10 }, (_, index): [string, number] => [
      new Date(at('2026-03-01T10:00:30Z') + index * minute).toISOString(),
      index % 2 === 0 ? 40 : 500,
    ]);
    const decided = run(everyMinute, flapping);
    expect(decided.map((entry) => entry.entry)).toEqual([
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
    ]);
    // Windows end 10:01, 10:02, …: with 5 minutes between notifications only 10:01 and 10:06 are told.
    expect(decided.map((entry) => entry.notify)).toEqual([true, false, false, false, false, true, false, false, false]);
  });
});
