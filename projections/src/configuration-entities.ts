import { type EntityState, emptyEntity, entityEventKind, evolveEntity } from '@nq/contracts';
import type { DocumentProjection, ProjectedDocument } from './projection.ts';

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

/** The events of one kind of configuration entity (`<kind>-<id>` streams, `<Prefix>…` events), one document each. */
export const entityEvents = (entity: { kind: string; eventPrefix: string }) =>
  ({
    handles: (type) =>
      type.startsWith(entity.eventPrefix) && entityEventKind(type.slice(entity.eventPrefix.length)) !== undefined,
    documentId: (event) => event.streamId.slice(`${entity.kind}-`.length),
  }) satisfies Pick<DocumentProjection, 'handles' | 'documentId'>;

/** The list read model of one kind of configuration entity. */
export function configurationEntityProjection(entity: {
  kind: string;
  eventPrefix: string;
  collection: string;
}): DocumentProjection {
  return {
    name: `configuration-${entity.collection}`,
    collection: entity.collection,
    ...entityEvents(entity),
    apply(document, event) {
      const before = document ? stateOf(document) : { ...emptyEntity, version: event.streamVersion - 1 };
      const after = evolveEntity(before, event);
      return after.status === 'active' ? entityDocument(after) : null;
    },
  };
}
