export { type EntityEvent, emptyEntity, evolveEntity } from '@nq/contracts';

import { isDeepStrictEqual } from 'node:util';
import {
  type CatalogueWarning,
  DomainError,
  type EntityEvent,
  type EntityIntentEvent,
  type EntityState,
  emptyEntity,
  evolveEntity,
} from '@nq/contracts';
import type { z } from 'zod';
import type { Decider } from '../decider/decider.ts';
import type { AppendConstraints } from '../event-store/event-store-port.ts';
import type { EntityDefinition, FieldsOf, RuleContext } from './entity-definition.ts';
import { updateEventOf } from './field-intents.ts';
import { mergeChanges } from './update-body.ts';
import { issueProblem, validationError } from './validation-error.ts';

type Fields = Record<string, unknown>;

export type EntityCommand =
  | { type: 'create'; id: string; fields: Fields }
  | { type: 'update'; id: string; changes: Fields; options?: Fields }
  | { type: 'delete'; id: string }
  | { type: 'clone'; id: string; source: EntityState<Fields>; overrides: Fields }
  /** One of the definition's commands with intent (`intents`), by name. */
  | { type: 'intent'; intent: string; id: string; payload: unknown };

export const streamIdOf = (definition: Pick<EntityDefinition, 'kind'>, id: string) => `${definition.kind}-${id}`;

function parsed<Schema extends z.ZodType>(schema: Schema, candidate: unknown): z.output<Schema> {
  const result = schema.safeParse(candidate);
  if (!result.success) throw validationError(result.error.issues.map((issue) => issueProblem(issue)));
  return result.data;
}

/** Parses the complete entity after a change, so rules that span fields hold whatever was sent. */
const validated = <Definition extends EntityDefinition>(definition: Definition, candidate: Fields) =>
  parsed(definition.schema, candidate) as FieldsOf<Definition>;

/** The changes an update applies: those requested, as the definition's update options alter or refuse them. */
function requestedChanges(
  definition: EntityDefinition,
  previous: Fields,
  command: { changes: Fields; options?: Fields },
) {
  const { updateOptions } = definition;
  if (!updateOptions) return command.changes;
  return updateOptions.apply(previous, command.changes, parsed(updateOptions.schema, command.options ?? {})) as Fields;
}

function protectedFields<Definition extends EntityDefinition>(
  definition: Definition,
  fields: FieldsOf<Definition>,
  context: RuleContext,
  previous?: FieldsOf<Definition>,
): FieldsOf<Definition> {
  if (!definition.protect) return fields;
  if (!context.seal) throw new Error(`${definition.kind} has secrets: its commands need a seal in their context`);
  return definition.protect(fields, context.seal, previous) as FieldsOf<Definition>;
}

function created<Definition extends EntityDefinition>(
  definition: Definition,
  id: string,
  input: Fields,
  context: RuleContext,
  clonedFrom?: string,
): EntityEvent[] {
  const fields = protectedFields(definition, validated(definition, input), context);
  definition.rules?.(fields, context);
  return [
    {
      type: `${definition.eventPrefix}Created`,
      data: { id, fields, owner: context.actor.profileId, ...(clonedFrom ? { clonedFrom } : {}) },
    },
  ];
}

/**
 * The field changes an update or a command with intent makes to an active entity, once the whole entity they leave
 * is valid and meets the definition's rules; undefined when nothing changes.
 */
function changed<Definition extends EntityDefinition>(
  definition: Definition,
  state: EntityState<Fields>,
  requested: Fields,
  context: RuleContext,
): Fields | undefined {
  for (const { field, error } of definition.immutableFields ?? []) {
    if (field in requested && !isDeepStrictEqual(requested[field], state.fields[field])) {
      throw new DomainError(error, { details: { field } });
    }
  }
  const previous = state.fields as FieldsOf<Definition>;
  const fields = protectedFields(
    definition,
    validated(definition, mergeChanges(state.fields, requested)),
    context,
    previous,
  );
  definition.rules?.(fields, context, previous);
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => !isDeepStrictEqual(value, state.fields[key])),
  );
  for (const key of Object.keys(state.fields)) if (!(key in fields)) changes[key] = null;
  return Object.keys(changes).length === 0 ? undefined : changes;
}

export function entityDecider<Definition extends EntityDefinition>(
  definition: Definition,
): Decider<EntityCommand, EntityEvent | EntityIntentEvent, EntityState<Fields>, RuleContext> {
  return {
    initialState: emptyEntity,
    evolve: evolveEntity,
    decide(command, state, context) {
      if (command.type === 'create' || command.type === 'clone') {
        if (state.status !== 'absent')
          throw new DomainError(definition.naturalId?.taken ?? 'request.conflict', { details: { id: command.id } });
        if (command.type === 'create') return created(definition, command.id, command.fields, context);
        if (!definition.cloneable || command.source.status !== 'active') throw new DomainError('resource.notFound');
        return created(
          definition,
          command.id,
          { ...command.source.fields, ...command.overrides },
          context,
          command.source.id,
        );
      }
      if (state.status !== 'active') throw new DomainError('resource.notFound', { details: { id: command.id } });
      if (command.type === 'delete') {
        definition.deletion?.guard?.(state as EntityState<FieldsOf<Definition>>, context);
        return [{ type: `${definition.eventPrefix}Deleted` as const, data: {} }];
      }
      if (command.type === 'intent') {
        const intent = definition.intents?.[command.intent];
        if (!intent) throw new Error(`${definition.kind} has no command '${command.intent}'`);
        const payload = parsed(intent.payload, command.payload);
        const changes = changed(definition, state, intent.changes(state.fields, payload, context), context);
        return changes
          ? [{ type: `${definition.eventPrefix}${intent.event}`, data: { changes, intent: payload as Fields } }]
          : [];
      }
      const changes = changed(definition, state, requestedChanges(definition, state.fields, command), context);
      return changes ? [updateEventOf(definition, changes, state.fields)] : [];
    },
  };
}

/** The definition's advice on the entity a create, update or clone left (none after a delete). */
export function entityWarnings(
  definition: EntityDefinition,
  command: EntityCommand,
  before: EntityState<Fields>,
  after: EntityState<Fields>,
): CatalogueWarning[] {
  if (command.type === 'delete' || after.status !== 'active' || !definition.warnings) return [];
  return definition.warnings(
    after.fields,
    command.type === 'update' || command.type === 'intent' ? before.fields : undefined,
  );
}

/** What the append must also hold for these events (uniqueness, references, deletion), computed from state. */
export function entityConstraints<Definition extends EntityDefinition>(
  definition: Definition,
  before: EntityState<Fields>,
  events: (EntityEvent | EntityIntentEvent)[],
): AppendConstraints {
  const after = events.reduce(evolveEntity, before);
  const live = (state: EntityState<Fields>) => state.status === 'active';
  const uniqueOf = (state: EntityState<Fields>) =>
    live(state)
      ? (definition.unique ?? []).flatMap((rule) =>
          rule
            .valueOf(state.fields as FieldsOf<Definition>, state.owner)
            .map((value) => ({ scope: rule.scope, value, conflict: rule.conflict })),
        )
      : [];
  const referencesOf = (state: EntityState<Fields>) =>
    live(state) ? (definition.references?.(state.fields as FieldsOf<Definition>) ?? []) : [];
  const key = (r: { scope: string; value: string }) => `${r.scope}\u0000${r.value}`;
  const beforeUnique = new Map(uniqueOf(before).map((r) => [key(r), r]));
  const afterUnique = new Map(uniqueOf(after).map((r) => [key(r), r]));
  const beforeRefs = new Set(referencesOf(before).map((r) => r.to));
  const afterRefs = referencesOf(after);
  const deleted = before.status === 'active' && after.status === 'deleted';
  return {
    claim: [...afterUnique].filter(([k]) => !beforeUnique.has(k)).map(([, r]) => r),
    release: [...beforeUnique].filter(([k]) => !afterUnique.has(k)).map(([, { scope, value }]) => ({ scope, value })),
    addReferences: afterRefs.filter((r) => !beforeRefs.has(r.to)),
    removeReferences: [...beforeRefs].filter((to) => !afterRefs.some((r) => r.to === to)).map((to) => ({ to })),
    ...(deleted
      ? {
          markDeleted: true,
          ...(definition.deletion?.refusedWhileReferenced
            ? { refuseIfReferenced: definition.deletion.refusedWhileReferenced }
            : {}),
        }
      : {}),
  };
}
