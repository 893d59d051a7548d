/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moved<Item>(items: readonly Item[], from: number, to: number): Item[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as Item);
  return next;
}
