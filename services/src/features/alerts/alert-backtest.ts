import {
  type AlertBacktestGroup,
  type AlertBacktestWindow,
  alertBacktestMaxGroups,
  alertBacktestMaxWindows,
  type CatalogueWarning,
  type EnrichedMeasurement,
  warning,
} from '@nq/contracts';
import type { GroupKey } from '@nq/projections';
import type { Decided } from './alert-decisions.ts';
import { type EvaluationContext, evaluationDecider, type GroupEvaluation } from './alert-evaluation.ts';
import { type EvaluatedAlert, groupsOf } from './alert-matching.ts';
import { evaluate } from './alerting.worker.ts';

/** What an alert would have recorded, per group, had the live evaluator read these measurements. */
export interface Replayed {
  /** Measurements that counted in at least one group. */
  measurements: number;
  /** Per group (by id), the windows with an entry, oldest first; at most `maxWindows` of each. */
  entries: Map<string, { key: GroupKey; windows: AlertBacktestWindow[]; firing: number }>;
  windowsCut: boolean;
  /** The start of the first and of the last window that fired, of every group. */
  firstFiring?: number;
  lastFiring?: number;
}

const iso = (time: number) => new Date(time).toISOString();

function windowOf({ decision }: Decided): AlertBacktestWindow {
  return {
    start: iso(decision.window.start),
    end: iso(decision.window.end),
    state: decision.entry!,
    measurements: decision.measurements,
    matching: decision.matching,
    ...(decision.condition === undefined ? {} : { condition: decision.condition }),
    ...(decision.value === undefined ? {} : { value: decision.value }),
  };
}

/**
 * Replays measurements (oldest first) through the live evaluator's rules, in memory: each counts in the groups the
 * worker would count it in, then the clock is at `until`, deciding every window ended by then as the worker's tick
 * would. Nothing is stored or told.
 */
export async function replayAlert(
  alert: EvaluatedAlert,
  batches: AsyncIterable<readonly EnrichedMeasurement[]>,
  until: number,
  maxWindows = alertBacktestMaxWindows,
): Promise<Replayed> {
  const context: EvaluationContext = {
    now: new Date(until),
    actor: { userId: 'alert-backtest', profileId: alert.owner },
    notificationSpacingMs: 0,
  };
  const states = new Map<string, { key: GroupKey; state: GroupEvaluation }>();
  const replayed: Replayed = { measurements: 0, entries: new Map(), windowsCut: false };
  const keep = (decided: readonly Decided[]) => {
    for (const item of decided) {
      if (!item.decision.entry) continue;
      const kept = replayed.entries.get(item.key.groupId) ?? { key: item.key, windows: [], firing: 0 };
      replayed.entries.set(item.key.groupId, kept);
      if (item.decision.entry === 'firing') {
        const { start } = item.decision.window;
        kept.firing += 1;
        replayed.firstFiring = Math.min(replayed.firstFiring ?? start, start);
        replayed.lastFiring = Math.max(replayed.lastFiring ?? start, start);
      }
      if (kept.windows.length < maxWindows) kept.windows.push(windowOf(item));
      else replayed.windowsCut = true;
    }
  };
  for await (const batch of batches) {
    for (const measurement of batch) {
      const groups = groupsOf(alert, measurement);
      if (groups.length > 0) replayed.measurements += 1;
      for (const groupId of groups) {
        const key: GroupKey = { alertId: alert.id, kind: alert.fields.grouping, groupId };
        const held = states.get(groupId) ?? { key, state: evaluationDecider.initialState };
        const decided: Decided[] = [];
        const observed = {
          at: Date.parse(measurement.measuredAt),
          program: measurement.program,
          kpis: measurement.kpis,
        };
        held.state = evaluate(
          alert,
          key,
          held.state,
          { type: 'observe', rule: alert, measurement: observed },
          context,
          decided,
        );
        states.set(groupId, held);
        keep(decided);
      }
    }
  }
  for (const held of states.values()) {
    const decided: Decided[] = [];
    evaluate(alert, held.key, held.state, { type: 'elapse', rule: alert, until }, context, decided);
    keep(decided);
  }
  return replayed;
}

/** The groups to show: those that fired most first, then by id; at most `maxGroups`, with a warning when cut. */
export function timelineOf(
  replayed: Replayed,
  labelOf: (kind: GroupKey['kind'], id: string) => string | undefined,
  maxGroups = alertBacktestMaxGroups,
): { groups: AlertBacktestGroup[]; warnings: CatalogueWarning[] } {
  const all = [...replayed.entries.values()].sort(
    (a, b) => b.firing - a.firing || (a.key.groupId < b.key.groupId ? -1 : a.key.groupId > b.key.groupId ? 1 : 0),
  );
  const groups = all.slice(0, maxGroups).map(({ key, windows }) => {
    const label = labelOf(key.kind, key.groupId);
    return { group: { kind: key.kind, id: key.groupId, ...(label ? { label } : {}) }, windows };
  });
  const warnings: CatalogueWarning[] = [];
  if (all.length > maxGroups)
    warnings.push(warning('alerts.backtestGroupsCut', { groups: all.length, shown: maxGroups }));
  if (replayed.windowsCut) warnings.push(warning('alerts.backtestWindowsCut', { max: alertBacktestMaxWindows }));
  return { groups, warnings };
}

/** The summary line: groups with an entry, firing windows, and the first and last window that fired. */
export function summaryOf(replayed: Replayed) {
  const { measurements, entries, firstFiring, lastFiring } = replayed;
  return {
    measurements,
    groups: entries.size,
    windowsFiring: [...entries.values()].reduce((sum, { firing }) => sum + firing, 0),
    ...(firstFiring === undefined ? {} : { firstFiring: iso(firstFiring) }),
    ...(lastFiring === undefined ? {} : { lastFiring: iso(lastFiring) }),
  };
}
