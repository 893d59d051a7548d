import type { AuditedKind } from '@nq/contracts/events/audit';

/** An event's name without its entity's prefix (`TaskSuiteCreated` → `Created`): events are `<Kind><What>`. */
export function eventName(kind: AuditedKind, type: string): string {
  const prefix = kind.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return type.startsWith(prefix) ? type.slice(prefix.length) : type;
}
