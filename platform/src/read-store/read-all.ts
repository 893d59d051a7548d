import type { ListFilter, ReadDocument, ReadStore } from './read-store-port.ts';

type Named = { id: string; name?: unknown };

const nameOf = (document: Named) =>
  document.name === undefined || document.name === null ? undefined : String(document.name);
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Documents by name (those without one last), then by id: the order lists sorted by name show. */
export function compareByName(a: Named, b: Named): number {
  const [first, second] = [nameOf(a), nameOf(b)];
  if (first !== second) {
    if (first === undefined) return 1;
    if (second === undefined) return -1;
    return byCodeUnits(first, second);
  }
  return byCodeUnits(a.id, b.id);
}

/**
 * Every document of a collection matching the filters, in one keyset scan: by name (sorted once, in memory) or, for a
 * caller that builds sets or lookups of them, in the scan's order (by id).
 */
export async function readAll(
  readStore: ReadStore,
  collection: string,
  filters: ListFilter[] = [],
  options: { fresh?: boolean; order?: 'name' | 'id' } = {},
) {
  const all: ReadDocument[] = [];
  // Every write already checkpointed, not only what the (near-real-time) search shows yet.
  for await (const batch of readStore.scan(collection, { filters, ...(options.fresh ? { fresh: true } : {}) }))
    all.push(...batch);
  return (options.order ?? 'name') === 'name' ? all.sort(compareByName) : all;
}

/** A document narrowed to the fields asked for (and its id); all of it when none are asked for. */
export const pickFields = (fields: string[] | undefined) => (document: ReadDocument) =>
  fields
    ? (Object.fromEntries(
        ['id', ...fields].filter((field) => field in document).map((field) => [field, document[field]]),
      ) as ReadDocument)
    : document;
