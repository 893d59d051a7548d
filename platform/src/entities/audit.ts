import { isDeepStrictEqual } from 'node:util';
import {
  type EntityState,
  emptyEntity,
  evolveEntity,
  type FieldChange,
  type HistoryEntry,
  type StoredEvent,
} from '@nq/contracts';

function diff(before: EntityState, after: EntityState): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.status !== after.status) changes.push({ field: 'status', before: before.status, after: after.status });
  const fields = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  for (const field of [...fields].sort()) {
    const was = before.fields[field];
    const is = after.fields[field];
    if (!isDeepStrictEqual(was, is))
      changes.push({
        field,
        ...(was === undefined ? {} : { before: was }),
        ...(is === undefined ? {} : { after: is }),
      });
  }
  return changes;
}

/** An entity's history for auditors: each event with who, when, and the fields it changed (before → after). */
export function historyOf(events: StoredEvent[]): HistoryEntry[] {
  let state = emptyEntity;
  return events.map((event) => {
    const next = evolveEntity(state, event);
    const entry: HistoryEntry = {
      version: event.streamVersion,
      type: event.type,
      recordedAt: event.recordedAt,
      position: event.position,
      actor: event.metadata.actor,
      commandId: event.metadata.commandId,
      changes: diff(state, next),
    };
    state = next;
    return entry;
  });
}
