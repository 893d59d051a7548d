import { createHash } from 'node:crypto';
import type { AlertHistoryEntry } from '@nq/contracts';
import { enqueueMailIn } from '@nq/platform/mail/sql-mail-outbox';
import type { SqlExecutor } from '@nq/platform/sql/sql-client';
import { type GroupKey, insertEntries, type StoredEntry } from '@nq/projections';
import type { WindowDecision } from './alert-evaluation.ts';
import { alertMailMessage, type RecipientLanguage } from './alert-mail.ts';
import type { EvaluatedAlert } from './alert-matching.ts';

/** A history entry's id: the same alert, group and window always give the same one, so a replay records it once. */
export function alertHistoryId(key: GroupKey, windowStart: number): string {
  const text = [key.alertId, key.kind, key.groupId, new Date(windowStart).toISOString()].join('\n');
  return `ah-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

export interface Decided {
  alert: EvaluatedAlert;
  key: GroupKey;
  decision: WindowDecision;
}

export interface RecordingContext {
  labelOf(kind: GroupKey['kind'], id: string): string | undefined;
  languageOf: RecipientLanguage;
  publicUrl: string;
  now: Date;
}

/**
 * Records the entries of decided windows and, in the same transaction, queues the e-mail of each entry that notifies
 * (one per recipient, keyed by entry and recipient). Answers the entries recorded now that notify, for web push once
 * committed; an entry already recorded by an earlier run notifies nobody again.
 */
export async function recordDecisions(
  tx: SqlExecutor,
  decided: readonly Decided[],
  context: RecordingContext,
): Promise<{ entry: AlertHistoryEntry; alert: EvaluatedAlert }[]> {
  const withEntry = decided.flatMap(({ alert, key, decision }) => {
    if (!decision.entry) return [];
    const label = context.labelOf(key.kind, key.groupId);
    const entry: StoredEntry = {
      id: alertHistoryId(key, decision.window.start),
      alertId: alert.id,
      owner: alert.owner,
      alertName: alert.fields.name,
      alertType: alert.fields.type,
      group: { kind: key.kind, id: key.groupId, ...(label ? { label } : {}) },
      state: decision.entry,
      window: {
        start: new Date(decision.window.start).toISOString(),
        end: new Date(decision.window.end).toISOString(),
      },
      measurements: decision.measurements,
      matching: decision.matching,
      ...(decision.condition === undefined ? {} : { condition: decision.condition }),
      ...(decision.value === undefined ? {} : { value: decision.value }),
      recordedAt: context.now.toISOString(),
    };
    return [{ alert, entry, notify: decision.notify }];
  });
  const recorded = await insertEntries(
    tx,
    withEntry.map(({ entry }) => entry),
  );
  const told: { entry: AlertHistoryEntry; alert: EvaluatedAlert }[] = [];
  for (const { alert, entry: stored, notify } of withEntry) {
    if (!notify || !recorded.has(stored.id)) continue;
    const { owner: _owner, ...rest } = stored;
    const entry: AlertHistoryEntry = { ...rest, read: false };
    told.push({ entry, alert });
    if (!alert.fields.email.enabled) continue;
    for (const recipient of alert.fields.email.recipients) {
      const message = alertMailMessage(entry, alert, context.languageOf(recipient, alert), context.publicUrl);
      await enqueueMailIn(tx, { ...message, to: [recipient] }, `${entry.id}:${recipient}`);
    }
  }
  return told;
}
