import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Visibility } from '../access/visibility.ts';
import type { ReadStore } from '../read-store/read-store-port.ts';
import type { EntityService } from './entity-service.ts';

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
  /**
   * Read-your-writes for an answer that reads these kinds' read models (the entity's own and, say, the campaigns it
   * names): waits until each shows the write at `position` (none given: at once), else refuses as unavailable. A
   * search of those read models then asks for a fresh one (`fresh`): a document is searchable once its index refreshes.
   */
  readYourWrites(position: string | undefined, kinds: readonly string[]): Promise<void>;
}

export type FeatureRoutes = FastifyPluginAsyncZod<FeatureRouteOptions>;
