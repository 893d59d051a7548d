import { type EntityState, emptyEntity, entityEventKind, evolveEntity } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from '@nq/platform/read-store/document-projection';

const metaKeys = ['id', 'owner', 'createdAt', 'updatedAt', 'version'] as const;

/** A configuration entity's list document: its fields and who created it, when, and at which version. */
export const entityDocument = (state: EntityState): ProjectedDocument => ({
  ...state.fields,
  id: state.id,
  owner: state.owner,
  createdAt: state.createdAt,
  updatedAt: state.updatedAt,
  version: state.version,
});

const stateOf = (document: ProjectedDocument): EntityState => {
  const fields = Object.fromEntries(
    Object.entries(document).filter(([key]) => !(metaKeys as readonly string[]).includes(key)),
  );
  const { id, owner, createdAt, updatedAt, version } = document as unknown as EntityState;
  return { status: 'active', id, fields, owner, createdAt, updatedAt, version };
};

/** What a projection needs to know of a kind of configuration entity to follow its events. */
export interface EntityEventSource {
  kind: string;
  eventPrefix: string;
  /** The events of its commands with intent, after the prefix (`ProfilesAssigned`). */
  intentEvents?: readonly string[];
}

/** The events of one kind of configuration entity (`<kind>-<id>` streams, `<Prefix>…` events), one document each. */
export const entityEvents = (entity: EntityEventSource) =>
  ({
    handles: (type) => {
      if (!type.startsWith(entity.eventPrefix)) return false;
      const name = type.slice(entity.eventPrefix.length);
      return entityEventKind(name) !== undefined || (entity.intentEvents?.includes(name) ?? false);
    },
    documentId: (event) => event.streamId.slice(`${entity.kind}-`.length),
  }) satisfies Pick<DocumentProjection, 'handles' | 'documentId'>;

/** The name of the projection that keeps a configuration collection's list read model. */
export const configurationProjectionName = (collection: string) => `configuration-${collection}`;

/** The list read model of one kind of configuration entity. */
export function configurationEntityProjection(entity: EntityEventSource & { collection: string }): DocumentProjection {
  return {
    name: configurationProjectionName(entity.collection),
    collection: entity.collection,
    ...entityEvents(entity),
    apply(document, event) {
      const before = document ? stateOf(document) : { ...emptyEntity, version: event.streamVersion - 1 };
      const after = evolveEntity(before, event);
      return after.status === 'active' ? entityDocument(after) : null;
    },
  };
}
