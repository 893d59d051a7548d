import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntityService } from '../platform/entities/entity-service.ts';
import type { ListFilter, ReadDocument, ReadStore } from '../platform/read-store/read-store-port.ts';
import type { Visibility } from './identity/index.ts';

/**
 * What an entity's own routes (beyond list/get/create/update/delete/clone) are given. They take the entity's read
 * access rule unless they declare their own (a route that changes the entity declares its write rule), and show each
 * profile only what `visibility` lets it see.
 */
export interface FeatureRouteOptions {
  readStore: ReadStore;
  collection: string;
  tag: string;
  visibility: Visibility;
  /** The entity's commands (e.g. the probes a CSV import creates). */
  service: EntityService;
  /** Another kind of entity, by its kind (e.g. the campaigns a probe import names). */
  entityOf(kind: string): { service: EntityService; visibility: Visibility };
}

export type FeatureRoutes = FastifyPluginAsyncZod<FeatureRouteOptions>;

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});
export const documentList = z.object({ list: z.array(z.looseObject({ id: z.string() })), count: z.number().int() });

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

export const pickFields = (fields: string[] | undefined) => (document: ReadDocument) =>
  fields
    ? (Object.fromEntries(
        ['id', ...fields].filter((field) => field in document).map((field) => [field, document[field]]),
      ) as ReadDocument)
    : document;
