/**
 * The events every configuration entity (tags, providers, campaigns…) is stored as, and how they fold into its state:
 * `<Prefix>Created { id, fields, owner, clonedFrom? }`, `<Prefix>Updated { changes }`, `<Prefix>Deleted {}`, and the
 * events of the entity's commands with intent, named by it (`UserProfilesAssigned { changes, intent }`): they fold
 * like an update, through the field changes the decision computed from the stream's state.
 * Shared by the write side (deciders) and the read side (projections), so both fold them the same way.
 */
type Fields = Record<string, unknown>;

export type EntityEvent =
  | { type: `${string}Created`; data: { id: string; fields: Fields; owner: string; clonedFrom?: string } }
  | { type: `${string}Updated`; data: { changes: Fields } }
  | { type: `${string}Deleted`; data: Record<string, never> };

/** The event of a command with intent, named by it (`UserProfilesAssigned`): the changes it made, and what it was. */
export type EntityIntentEvent = { type: string; data: { changes: Fields; intent: Fields } };

export type EntityStatus = 'absent' | 'active' | 'deleted';

export interface EntityState<EntityFields = Fields> {
  status: EntityStatus;
  id: string;
  fields: EntityFields;
  /** The profile that created it. */
  owner: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const emptyEntity: EntityState = {
  status: 'absent',
  id: '',
  fields: {},
  owner: '',
  createdAt: '',
  updatedAt: '',
  version: 0,
};

export const entityEventKind = (type: string) =>
  type.endsWith('Created')
    ? 'created'
    : type.endsWith('Updated')
      ? 'updated'
      : type.endsWith('Deleted')
        ? 'deleted'
        : undefined;

/** How an event folds: by its type, or as an update when it is a change with intent (it carries `changes`). */
export const entityEventKindOf = (event: { type: string; data: object }) =>
  entityEventKind(event.type) ?? ('changes' in event.data && 'intent' in event.data ? 'updated' : undefined);

/** A change to null records an optional field that was cleared. */
const applyChanges = (fields: Fields, changes: Fields) =>
  Object.fromEntries(Object.entries({ ...fields, ...changes }).filter(([, value]) => value !== null));

export function evolveEntity(
  state: EntityState,
  event: { type: string; data: object; recordedAt?: string },
): EntityState {
  const at = event.recordedAt ?? state.updatedAt;
  const version = state.version + 1;
  switch (entityEventKindOf(event)) {
    case 'created': {
      const { id, fields, owner } = event.data as { id: string; fields: Fields; owner: string };
      return { status: 'active', id, fields, owner, createdAt: at, updatedAt: at, version };
    }
    case 'updated':
      return {
        ...state,
        fields: applyChanges(state.fields, (event.data as { changes: Fields }).changes),
        updatedAt: at,
        version,
      };
    case 'deleted':
      return { ...state, status: 'deleted', updatedAt: at, version };
    default:
      return state;
  }
}
