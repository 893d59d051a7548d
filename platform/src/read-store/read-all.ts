import type { ListFilter, ReadDocument, ReadStore } from './read-store-port.ts';

const PAGE = 500;

/** Every document of a collection matching the filters, read page by page (for small configuration collections). */
export async function readAll(
  readStore: ReadStore,
  collection: string,
  filters: ListFilter[] = [],
  options: { fresh?: boolean } = {},
) {
  const all: ReadDocument[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { items, total } = await readStore.list(collection, {
      filters,
      sort: [{ field: 'name', order: 'asc' }],
      offset,
      limit: PAGE,
      // Every write already checkpointed, not only what the (near-real-time) search shows yet.
      ...(options.fresh && offset === 0 ? { fresh: true } : {}),
    });
    all.push(...items);
    if (items.length < PAGE || all.length >= total) return all;
  }
}

/** A document narrowed to the fields asked for (and its id); all of it when none are asked for. */
export const pickFields = (fields: string[] | undefined) => (document: ReadDocument) =>
  fields
    ? (Object.fromEntries(
        ['id', ...fields].filter((field) => field in document).map((field) => [field, document[field]]),
      ) as ReadDocument)
    : document;
