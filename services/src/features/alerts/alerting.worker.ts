import { type EnrichedMeasurement, enrichedMeasurementSchema } from '@nq/contracts';
import type { LogConsumer, LogRecord } from '@nq/platform/log/log-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import type { DispatcherLog } from '@nq/platform/mail/mail-dispatcher';
import type { Platform, PlatformWorker } from '@nq/platform/platform';
import type { SqlExecutor } from '@nq/platform/sql/sql-client';
import {
  appliedOffset,
  type GroupKey,
  keyOf,
  lockDueStates,
  lockStates,
  openAlertingStore,
  recordOffset,
  saveStates,
} from '@nq/projections';
import { alertBook, groupLabels } from './alert-book.ts';
import { type Decided, recordDecisions } from './alert-decisions.ts';
import {
  type EvaluationCommand,
  type EvaluationContext,
  evaluationDecider,
  freshEvaluation,
  type GroupEvaluation,
} from './alert-evaluation.ts';
import type { EvaluatedAlert } from './alert-matching.ts';
import { groupsOf } from './alert-matching.ts';
import { notifyPush } from './alert-push.ts';
import { alertingMetrics } from './alerting-metrics.ts';

export interface AlertingOptions {
  /** How long after a window's end the clock decides it (default ALERT_GRACE_SECONDS). */
  graceMs?: number;
  /** How often the clock looks for windows to decide. */
  tickMs?: number;
  /** Least time between two notifications of one group, by window end (default ALERT_NOTIFICATION_SPACING_MINUTES). */
  notificationSpacingMs?: number;
  /** How often the alerts are re-read: a change applies from the next measurement after it. */
  refreshMs?: number;
  log?: DispatcherLog;
}

const defaults = { tickMs: 5_000, refreshMs: 2_000 };
const systemActor = { userId: 'alerting', profileId: 'alerting' };

/** Decides a command on a group's state, folding the events in; the decided windows are collected. */
export function evaluate(
  alert: EvaluatedAlert,
  key: GroupKey,
  state: GroupEvaluation,
  command: EvaluationCommand,
  context: EvaluationContext,
  decided: Decided[],
): GroupEvaluation {
  let next = state;
  for (const event of evaluationDecider.decide(command, state, context)) {
    next = evaluationDecider.evolve(next, event);
    if (event.type === 'WindowDecided') decided.push({ alert, key, decision: event.data });
  }
  return next;
}

const parsed = (record: LogRecord): EnrichedMeasurement | undefined => {
  try {
    const result = enrichedMeasurementSchema.safeParse(JSON.parse(record.value));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The streaming alert evaluator (docs/product/rules.md#alert): a consumer group on `measurements.enriched` counts each
 * measurement in the open window of every (alert, group) it belongs to, and a clock decides windows no measurement
 * closes (so that a silent group goes to no data). State, applied offsets, history entries and their e-mails commit
 * in one transaction: a batch delivered again after a crash is skipped, never counted twice, and an entry or e-mail
 * is recorded once.
 */
export async function startAlertingWorker(platform: Platform, options: AlertingOptions = {}) {
  const settings = { ...defaults, ...platform.config.alerting, ...options };
  const { sql, readStore, log: logPort, topics, config } = platform;
  await openAlertingStore(sql);
  const groupId = consumerGroupOf(topics, 'alerting');
  const warn = (error: unknown, message: string) => options.log?.warn({ err: error }, message);
  const metrics = alertingMetrics(platform.metrics);
  const book = alertBook(readStore, settings.refreshMs, (error) => warn(error, 'the alerts could not be re-read'));
  const labels = groupLabels(readStore);
  const context = (): EvaluationContext => ({
    now: new Date(),
    actor: systemActor,
    notificationSpacingMs: settings.notificationSpacingMs,
  });
  const recording = (languageOf: Awaited<ReturnType<typeof book.current>>['languageOf']) => ({
    labelOf: labels.labelOf,
    languageOf,
    publicUrl: config.http.publicUrl,
    now: new Date(),
  });
  const push = (told: Awaited<ReturnType<typeof recordDecisions>>) => {
    for (const { entry, alert } of told)
      if (alert.fields.push.enabled)
        notifyPush(entry, alert, platform).catch((error: unknown) => warn(error, 'an alert push failed'));
  };

  async function applyBatch(records: LogRecord[]) {
    if (records.length === 0) return;
    const { alerts, languageOf } = await book.current();
    const arrived = records.flatMap((record) => {
      const measurement = parsed(record);
      return measurement ? [{ record, measurement }] : [];
    });
    const touches = arrived.flatMap(({ record, measurement }) =>
      alerts.flatMap((alert) =>
        groupsOf(alert, measurement).map((groupId) => ({
          record,
          alert,
          key: { alertId: alert.id, kind: alert.fields.grouping, groupId } satisfies GroupKey,
          measurement,
        })),
      ),
    );
    await labels.resolve(touches.map(({ key }) => key));
    const { topic, partition } = records[0]!;
    const last = BigInt(records.at(-1)!.offset);
    let freshSince = -1n;
    const closers: string[] = [];
    const told = await sql.transaction(async (tx) => {
      const applied = await appliedOffset(tx, groupId, topic, partition);
      freshSince = applied;
      closers.length = 0;
      const fresh = touches.filter(({ record }) => BigInt(record.offset) > applied);
      const states = await lockStates(
        tx,
        fresh.map(({ key }) => key),
        freshEvaluation,
      );
      const decided: Decided[] = [];
      const changed = new Map<string, GroupKey>();
      const now = context();
      for (const { alert, key, measurement } of fresh) {
        const id = keyOf(key);
        const command: EvaluationCommand = {
          type: 'observe',
          rule: alert,
          measurement: { at: Date.parse(measurement.measuredAt), program: measurement.program, kpis: measurement.kpis },
        };
        const before = decided.length;
        states.set(id, evaluate(alert, key, states.get(id)!, command, now, decided));
        for (const { decision } of decided.slice(before)) if (decision.entry) closers.push(measurement.receivedAt);
        changed.set(id, key);
      }
      await saveStates(
        tx,
        [...changed].map(([id, key]) => [key, states.get(id)!]),
      );
      const notified = await recordDecisions(tx, decided, recording(languageOf));
      if (last > applied) await recordOffset(tx, groupId, topic, partition, last);
      return notified;
    });
    const committedAt = Date.now();
    for (const { record, measurement } of arrived)
      if (BigInt(record.offset) > freshSince)
        metrics.evaluationLag.observe((committedAt - Date.parse(measurement.receivedAt)) / 1_000);
    for (const receivedAt of closers) metrics.decisionLag.observe((committedAt - Date.parse(receivedAt)) / 1_000);
    push(told);
  }

  /** Decides the windows the clock has closed, a page of groups at a time. */
  async function elapse(limit = 500) {
    const { byId, languageOf } = await book.current();
    const until = new Date(Date.now() - settings.graceMs);
    const peek = await sql.query<{ alert_id: string; group_kind: GroupKey['kind']; group_id: string }>(
      `select alert_id, group_kind, group_id from alert_group_states
       where window_end <= $1 and (last_state <> 'noData' or measurements > 0) limit $2`,
      [until, limit],
    );
    if (peek.length === 0) return 0;
    await labels.resolve(peek.map((row) => ({ kind: row.group_kind, groupId: row.group_id })));
    const told = await sql.transaction(async (tx: SqlExecutor) => {
      const due = await lockDueStates<GroupEvaluation>(tx, until, limit);
      const decided: Decided[] = [];
      const saved: [GroupKey, GroupEvaluation][] = [];
      const now = context();
      for (const { key, state } of due) {
        const alert = byId.get(key.alertId);
        // Groups of alerts disabled, deleted or regrouped wait: a new version restarts them at their next measurement.
        if (!alert || alert.fields.grouping !== key.kind) continue;
        const command: EvaluationCommand = { type: 'elapse', rule: alert, until: until.getTime() };
        saved.push([key, evaluate(alert, key, state, command, now, decided)]);
      }
      await saveStates(tx, saved);
      return recordDecisions(tx, decided, recording(languageOf));
    });
    push(told);
    return peek.length;
  }

  let ticking: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    ticking = ticking.then(() => elapse().catch((error: unknown) => warn(error, 'alert windows could not be decided')));
  }, settings.tickMs);
  timer.unref();

  const consumer = await logPort.consume({
    groupId,
    topics: [topics.measurementsEnriched],
    maxBatchSize: 500,
    handle: applyBatch,
  });
  const stopTimer = async () => {
    clearInterval(timer);
    await ticking;
  };
  return {
    stop: async () => {
      await stopTimer();
      await consumer.stop();
    },
    abort: async () => {
      await stopTimer();
      await consumer.abort();
    },
    status: consumer.status,
    /** Decides now what the clock has closed (tests, and a process about to stop). */
    elapse,
  } satisfies LogConsumer & { elapse: typeof elapse };
}

/** The evaluator, in the `alerting` process (and `start`), with the settings of the configuration. */
export const alertingWorker: PlatformWorker = {
  name: 'alerting-worker',
  runsIn: 'alerting',
  start: (platform, { log }) => startAlertingWorker(platform, log ? { log } : {}),
};
