import type { ConfigurationKind } from '@nq/contracts';
import type { EventStore } from '../event-store/event-store-port.ts';
import type { DocumentProjection } from '../read-store/document-projection.ts';
import type { ReadStore } from '../read-store/read-store-port.ts';
import type { ConfigurationEntity } from './configuration-entity.ts';
import type { ConfigurationSettings } from './entity-definition.ts';
import { type EntityService, entityService } from './entity-service.ts';

/**
 * Every configuration entity the features bring, by kind: how it is served (definition, rules, access, visibility,
 * collection), its commands and its read model. One per platform: a kind's commands share one queue per stream in a
 * process, whoever runs them (routes, jobs, the demo).
 */
export interface EntityCatalog {
  readonly kinds: readonly ConfigurationKind[];
  entity(kind: ConfigurationKind): ConfigurationEntity;
  service(kind: ConfigurationKind): EntityService;
  projection(kind: ConfigurationKind): DocumentProjection;
}

export function entityCatalog(
  entities: readonly ConfigurationEntity[],
  dependencies: {
    eventStore: EventStore;
    settings: ConfigurationSettings;
    seal?: (clear: string) => { sealed: string };
    projectionOf(entity: ConfigurationEntity): DocumentProjection;
  },
): EntityCatalog {
  const { projectionOf, ...serviceDependencies } = dependencies;
  const byKind = new Map(
    entities.map((entity) => [
      entity.definition.kind as ConfigurationKind,
      { entity, service: entityService(entity.definition, serviceDependencies), projection: projectionOf(entity) },
    ]),
  );
  const entry = (kind: ConfigurationKind) => {
    const found = byKind.get(kind);
    if (!found) throw new Error(`no feature brings the configuration entity ${kind}`);
    return found;
  };
  return {
    kinds: [...byKind.keys()],
    entity: (kind) => entry(kind).entity,
    service: (kind) => entry(kind).service,
    projection: (kind) => entry(kind).projection,
  };
}

/** What reads configuration documents by kind: the read models and the catalog saying each kind's collection. */
export interface ConfigurationReads {
  readStore: ReadStore;
  entities: EntityCatalog;
}

/** The catalog's commands as a record by kind, for code that takes every kind's at once (the demo's loader). */
export const servicesOf = (catalog: EntityCatalog) =>
  Object.fromEntries(catalog.kinds.map((kind) => [kind, catalog.service(kind)])) as Record<
    ConfigurationKind,
    EntityService
  >;
