import type { AlertCondition, AlertFields, AlertGroupState, AlertInterval, AlertOperator } from '@nq/contracts';
import type { DecideContext, Decider } from '@nq/platform/decider/decider';

// The streaming evaluation of one alert for one group (a probe, universe or campaign): tumbling windows of the alert's
// interval, aligned in UTC; each window is decided once, when a measurement of a later window arrives or when the
// clock has passed its end (plus a grace the worker allows). Times are milliseconds since the epoch.

const unitMs = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;
/** Weeks start on Monday 00:00 UTC (the epoch was a Thursday). */
const mondayOffsetMs = 4 * unitMs.day;

export const intervalMs = (interval: AlertInterval) => interval.value * unitMs[interval.unit];

/** The window of the interval holding `time`. */
export function windowOf(time: number, interval: AlertInterval): { start: number; end: number } {
  const length = intervalMs(interval);
  const offset = interval.unit === 'week' ? mondayOffsetMs : 0;
  const start = Math.floor((time - offset) / length) * length + offset;
  return { start, end: start + length };
}

const compare: Record<AlertOperator, (measured: number, value: number) => boolean> = {
  eq: (measured, value) => measured === value,
  ne: (measured, value) => measured !== value,
  gt: (measured, value) => measured > value,
  gte: (measured, value) => measured >= value,
  lt: (measured, value) => measured < value,
  lte: (measured, value) => measured <= value,
};

/** The KPI value a condition sees in a measurement, when it meets the condition. */
export function metValue(condition: AlertCondition, measurement: ObservedMeasurement): number | undefined {
  if (measurement.program !== condition.program) return undefined;
  const measured = measurement.kpis[condition.kpi];
  return typeof measured === 'number' && compare[condition.operator](measured, condition.value) ? measured : undefined;
}

/** Of two values meeting a condition, the one farther into it (the lowest of a "lower than", the highest of a "greater"). */
function worse(condition: AlertCondition, kept: number | null, seen: number): number {
  if (kept === null) return seen;
  switch (condition.operator) {
    case 'lt':
    case 'lte':
      return Math.min(kept, seen);
    case 'ne':
      return Math.abs(seen - condition.value) > Math.abs(kept - condition.value) ? seen : kept;
    default:
      return Math.max(kept, seen);
  }
}

/** What the evaluation reads of an alert: its rule and the version it is at (a change restarts the open window). */
export interface EvaluatedRule {
  version: number;
  fields: Pick<AlertFields, 'conditions' | 'interval' | 'eventsCount' | 'notifyOnlyNew'>;
}

export interface ObservedMeasurement {
  /** When it was measured. */
  at: number;
  program: string;
  kpis: Record<string, number>;
}

/** How a group stands after its last decided window. */
export type GroupCondition = 'ok' | 'firing' | 'noData';

export interface GroupEvaluation {
  /** The open window; absent before the group's first measurement. */
  window?: { start: number; end: number };
  /** The alert's version the open window counts under. */
  alertVersion: number;
  measurements: number;
  /** Measurements meeting at least one condition. */
  matching: number;
  /** Per condition: how many measurements met it, and the worst value among them. */
  hits: number[];
  worst: (number | null)[];
  last: GroupCondition;
  /** The end of the window whose decision last notified. */
  lastNotifiedAt?: number;
}

export const freshEvaluation: GroupEvaluation = {
  alertVersion: 0,
  measurements: 0,
  matching: 0,
  hits: [],
  worst: [],
  last: 'ok',
};

export type EvaluationCommand =
  | { type: 'observe'; rule: EvaluatedRule; measurement: ObservedMeasurement }
  /** The clock (less the grace) has reached `until`: decide every window ended by then. */
  | { type: 'elapse'; rule: EvaluatedRule; until: number };

export type WindowDecision = {
  window: { start: number; end: number };
  measurements: number;
  matching: number;
  becomes: GroupCondition;
  /** The history entry it records, if any: a firing window, the first one after firing, the first one empty. */
  entry?: AlertGroupState;
  /** The condition met most often and the worst value it saw. */
  condition?: number;
  value?: number;
  /** Whether the entry is to be told (e-mail, push). */
  notify: boolean;
};

export type EvaluationEvent =
  | { type: 'WindowOpened'; data: { start: number; end: number; alertVersion: number; conditions: number } }
  | { type: 'MeasurementCounted'; data: { met: { condition: number; value: number }[] } }
  | { type: 'WindowDecided'; data: WindowDecision };

export interface EvaluationContext extends DecideContext {
  /** Two notifications of one group are at least this far apart (by window end): a flapping alert sends no storm. */
  notificationSpacingMs: number;
}

function decideWindow(state: GroupEvaluation, rule: EvaluatedRule, spacingMs: number): WindowDecision {
  const window = state.window!;
  const { measurements, matching, last } = state;
  const becomes: GroupCondition = measurements === 0 ? 'noData' : matching >= rule.fields.eventsCount ? 'firing' : 'ok';
  const entry: AlertGroupState | undefined =
    becomes === 'firing'
      ? 'firing'
      : becomes === 'noData'
        ? last === 'noData'
          ? undefined
          : 'noData'
        : last === 'firing'
          ? 'resolved'
          : undefined;
  const decision: WindowDecision = { window, measurements, matching, becomes, notify: false };
  if (!entry) return decision;
  decision.entry = entry;
  if (entry === 'firing') {
    const condition = state.hits.reduce((best, hits, index) => (hits > (state.hits[best] ?? 0) ? index : best), 0);
    decision.condition = condition;
    const value = state.worst[condition];
    if (value !== null && value !== undefined) decision.value = value;
  }
  const alreadyTold = entry === 'firing' && rule.fields.notifyOnlyNew && last === 'firing';
  const tooSoon = state.lastNotifiedAt !== undefined && window.end - state.lastNotifiedAt < spacingMs;
  decision.notify = !alreadyTold && !tooSoon;
  return decision;
}

const opened = (window: { start: number; end: number }, rule: EvaluatedRule): EvaluationEvent => ({
  type: 'WindowOpened',
  data: { ...window, alertVersion: rule.version, conditions: rule.fields.conditions.length },
});

/**
 * Decides the open window and the ones after it up to the window starting at `target`, which it opens. Of a run of
 * empty windows only the first is decided (a group with no data stays so until data comes).
 */
function advance(state: GroupEvaluation, rule: EvaluatedRule, target: number, spacingMs: number): EvaluationEvent[] {
  const events: EvaluationEvent[] = [];
  let current = state;
  while (current.window && current.window.start < target) {
    if (current.measurements === 0 && current.last === 'noData') break;
    const decision = decideWindow(current, rule, spacingMs);
    events.push({ type: 'WindowDecided', data: decision });
    current = evaluationDecider.evolve(current, events.at(-1)!);
    const length = decision.window.end - decision.window.start;
    current = { ...current, window: { start: decision.window.end, end: decision.window.end + length } };
  }
  const length = intervalMs(rule.fields.interval);
  events.push(opened({ start: target, end: target + length }, rule));
  return events;
}

/** A measurement counted in the open window: the conditions it meets, each with the worst value seen so far. */
function counted(
  rule: EvaluatedRule,
  measurement: ObservedMeasurement,
  worst: readonly (number | null)[],
): EvaluationEvent {
  const met = rule.fields.conditions.flatMap((condition, index) => {
    const value = metValue(condition, measurement);
    return value === undefined ? [] : [{ condition: index, value: worse(condition, worst[index] ?? null, value) }];
  });
  return { type: 'MeasurementCounted', data: { met } };
}

const restarted = (state: GroupEvaluation, rule: EvaluatedRule) => !state.window || state.alertVersion !== rule.version;

/**
 * The evaluation as a decider: `observe` counts a measurement in its window (deciding the windows it closes; a
 * measurement of an already decided window is late and ignored), `elapse` decides the windows the clock has closed.
 * A new version of the alert restarts the open window at the next measurement or tick, keeping how the group stood.
 */
export const evaluationDecider: Decider<EvaluationCommand, EvaluationEvent, GroupEvaluation, EvaluationContext> = {
  initialState: freshEvaluation,
  decide(command, state, context) {
    const { rule } = command;
    if (command.type === 'observe') {
      const target = windowOf(command.measurement.at, rule.fields.interval);
      if (restarted(state, rule)) return [opened(target, rule), counted(rule, command.measurement, [])];
      const open = state.window!;
      if (command.measurement.at < open.start) return [];
      if (open.start === target.start) return [counted(rule, command.measurement, state.worst)];
      return [
        ...advance(state, rule, target.start, context.notificationSpacingMs),
        counted(rule, command.measurement, []),
      ];
    }
    const target = windowOf(command.until, rule.fields.interval);
    if (restarted(state, rule)) return state.window ? [opened(target, rule)] : [];
    if (state.window!.start >= target.start) return [];
    if (state.measurements === 0 && state.last === 'noData') return [];
    return advance(state, rule, target.start, context.notificationSpacingMs);
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WindowOpened':
        return {
          ...state,
          window: { start: event.data.start, end: event.data.end },
          alertVersion: event.data.alertVersion,
          measurements: 0,
          matching: 0,
          hits: Array.from({ length: event.data.conditions }, () => 0),
          worst: Array.from({ length: event.data.conditions }, () => null),
        };
      case 'MeasurementCounted': {
        const hits = [...state.hits];
        const worst = [...state.worst];
        for (const { condition, value } of event.data.met) {
          hits[condition] = (hits[condition] ?? 0) + 1;
          worst[condition] = value;
        }
        return {
          ...state,
          hits,
          worst,
          measurements: state.measurements + 1,
          matching: state.matching + (event.data.met.length > 0 ? 1 : 0),
        };
      }
      case 'WindowDecided':
        return {
          ...state,
          measurements: 0,
          matching: 0,
          hits: state.hits.map(() => 0),
          worst: state.worst.map(() => null),
          last: event.data.becomes,
          ...(event.data.notify ? { lastNotifiedAt: event.data.window.end } : {}),
        };
    }
  },
};
