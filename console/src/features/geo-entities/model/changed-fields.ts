/**
 * An update's body: the fields whose value changed (compared as JSON), a field emptied sent as null (cleared), so
 * an unchanged polygon of megabytes is not sent again.
 */
export function changedFields(
  initial: Readonly<Record<string, unknown>>,
  next: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(next)])) {
    if (JSON.stringify(initial[key]) === JSON.stringify(next[key])) continue;
    changes[key] = next[key] === undefined ? null : next[key];
  }
  return changes;
}
