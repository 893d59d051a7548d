import type { ConfigurationKind, EntityState } from '@nq/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConfigurationEntity } from './entities/configuration-entity.ts';
import type { Platform, PlatformJob, PlatformWorker } from './platform.ts';
import type { DocumentProjection } from './read-store/document-projection.ts';
import type { SchemaModule } from './sql/migrations.ts';

/**
 * What a feature brings, declared once in its entry (`<feature>/index.ts` exports it as `manifest`). The composition
 * collects every feature's manifest: the platform's runs, the API's routes, the schema steps and the entity catalog
 * are derived from them, so adding a feature adds one line to the list of features and edits nothing else.
 */
export interface FeatureManifest {
  /** The feature's folder under services/src/features. */
  name: string;
  /** Configuration entities: served at their kind's base path, projected into their collection, in the catalog. */
  entities?: readonly ConfigurationEntity[];
  /** Read models beyond its entities' own. */
  projections?: readonly DocumentProjection[];
  /** Tables it owns in the event store's database, migrated at start and by `nq migrate`. */
  schema?: readonly SchemaModule[];
  /** Consumers and tasks, each in the process kind that runs it. */
  workers?: readonly PlatformWorker[];
  /** Job kinds: every process can enqueue them, the jobs process runs them. */
  jobs?: readonly PlatformJob[];
  /**
   * Its HTTP routes beyond its entities' list/get/create/update/delete/clone, registered in the API's signed scope
   * (every route declares its access rule). What they need of another feature they ask its entry for, given the
   * platform (e.g. the analytics engine of a platform's stores).
   */
  routes?(api: FastifyInstance, platform: Platform): Promise<void>;
  /**
   * What follows a command on one of its entities through the API, by kind (e.g. a new user's invitation e-mail),
   * given the platform: what it needs may be more than the entity catalog its entities' own hooks are given.
   */
  entityLifecycles?(platform: Platform): Promise<Partial<Record<ConfigurationKind, EntityLifecycle>>>;
  /** Sub-commands of `nq` it adds. */
  commands?: readonly FeatureCommand[];
}

/** Side effects after a command on an entity succeeded through the API. */
export interface EntityLifecycle {
  created?(request: FastifyRequest, state: EntityState): Promise<void>;
  deleted?(request: FastifyRequest, state: EntityState): Promise<void>;
}

/** `nq <name> …`: `run` is given the arguments after the name, and opens the platform when it needs one. */
export interface FeatureCommand {
  name: string;
  /** `nq <name> …` on its first line, what it does on the next ones: `nq --help` lists both, `nq <name> --help` too. */
  usage: string;
  /** Answers the process's exit code. */
  run(args: string[], openPlatform: () => Promise<Platform>): Promise<number>;
}
