import type { CatalogueWarning, EntityState, HttpErrorCode } from '@nq/contracts';

export type { EntityState, EntityStatus } from '@nq/contracts';

import type { z } from 'zod';
import type { DecideContext } from '../decider/decider.ts';

/** Settings the configuration rules read (from configuration, not from other aggregates). */
export interface ConfigurationSettings {
  /** Names refused for campaigns, clusters and universes (case-insensitive). */
  forbiddenNames: string[];
  /** E-mail domains users may have (absent or empty: any). */
  emailDomains?: string[];
}

export const defaultConfigurationSettings: ConfigurationSettings = {
  forbiddenNames: ['all', 'any', 'none', 'default', 'total', 'admin'],
  emailDomains: [],
};

export interface RuleContext extends DecideContext {
  settings: ConfigurationSettings;
  /**
   * The probes the acting profile may use, when its profile restricts them
   * (docs/product/rules.md#universes-clusters-and-campaigns: probes must belong to it).
   */
  allowedProbes?: readonly string[];
  /** Seals a secret for storage (AES-GCM: its random IV comes in through the context, like time). */
  seal?: (clear: string) => { sealed: string };
}

/** An update's changes to the fields: left out, unchanged; null, cleared. */
export type UpdateChanges<Schema extends z.ZodObject> = {
  [Field in keyof z.output<Schema>]?: z.output<Schema>[Field] | null;
};

/**
 * Options an update may carry that are not fields and are never stored (e.g. a confirmation), and what they do: the
 * API accepts them beside the fields of an update body.
 */
export interface UpdateOptions<Schema extends z.ZodObject, Options extends z.ZodObject> {
  /** Their names must differ from the entity's fields. */
  schema: Options;
  /**
   * Sees the stored fields, the requested changes and the options before the update is validated: throws a
   * DomainError to refuse the update, or answers the changes to apply (e.g. more fields cleared).
   */
  apply(previous: z.output<Schema>, changes: UpdateChanges<Schema>, options: z.output<Options>): UpdateChanges<Schema>;
}

/**
 * A command with intent on an existing entity (assign profiles, change a KPI's fringes…): its change is decided from
 * the entity as the stream holds it, so concurrent commands each keep theirs instead of writing back a stale read.
 */
export interface EntityIntent<Schema extends z.ZodObject, Payload extends z.ZodType = z.ZodType> {
  /** The event it records, past tense, after the entity's prefix: `ProfilesAssigned` → `UserProfilesAssigned`. */
  event: string;
  /** What the command carries (validated; stored with the event as its `intent`). */
  payload: Payload;
  /** The field changes it makes to the entity as it stands; a DomainError refuses it. */
  changes(fields: z.output<Schema>, payload: z.output<Payload>, context: RuleContext): UpdateChanges<Schema>;
}

/**
 * The values of a field intent's fields that an update changed, on each side of it (null: none). `before` is absent on
 * an update stored before the intent was declared: it recorded only the new values.
 */
export interface FieldIntentChange<Schema extends z.ZodObject> {
  before?: UpdateChanges<Schema>;
  after: UpdateChanges<Schema>;
}

/**
 * A field change an auditor wants named (a probe moved to another cluster, an alert switched off): an update that
 * changes one of `fields` records its event instead of `…Updated`, with the same changes and, as its `intent`, the
 * fields' values before and after. Stored updates of those fields read under the same name (field-intents.ts).
 */
export interface FieldIntent<Schema extends z.ZodObject> {
  fields: readonly (keyof z.output<Schema> & string)[];
  /** The events it records, past tense, after the entity's prefix: the first, unless `eventOf` says which. */
  events: readonly [string, ...string[]];
  /** Which of `events` a change is (access widened or narrowed…): it must answer one without `before` too. */
  eventOf?(change: FieldIntentChange<Schema>): string;
  /** How the event's `intent` keeps a value other than null (default: as it is), e.g. a polygon by centre and size. */
  recorded?(value: unknown): unknown;
}

/**
 * A configuration entity (tags, providers, CDNs, campaigns…): its fields as a zod object and the rules around them.
 * One generic decider (entity-decider.ts) turns a definition into create / update / delete / clone decisions, so each
 * entity states only what is particular to it.
 */
export interface EntityDefinition<Schema extends z.ZodObject = z.ZodObject, Options extends z.ZodObject = z.ZodObject> {
  /** Stream prefix and audit name: streams are `<kind>-<id>`. */
  kind: string;
  /** Event names: `<eventPrefix>Created`, `…Updated`, `…Deleted`. */
  eventPrefix: string;
  /** The entity's fields; a create body is exactly this, an update body its partial. */
  schema: Schema;
  /**
   * The entity's id taken from its own fields (e.g. a probe's id) instead of a generated one; creating one whose id
   * was ever used answers `taken`.
   */
  naturalId?: { of(fields: z.output<Schema>): string; taken: HttpErrorCode };
  /** Fields only the platform sets (e.g. a user's last access): absent from create and update bodies. */
  systemFields?: (keyof z.output<Schema> & string)[];
  /** Fields that cannot change once created, with the error an attempt gets (e.g. a provider's name). */
  immutableFields?: { field: keyof z.output<Schema> & string; error: HttpErrorCode }[];
  /**
   * Secrets of the entity sealed before they are stored; a secret left out of an edited entry keeps its stored value
   * (the API never sends secrets back, so an edit cannot resend them).
   */
  protect?(
    fields: z.output<Schema>,
    seal: (clear: string) => { sealed: string },
    previous?: z.output<Schema>,
  ): z.output<Schema>;
  /** Business rules over the whole entity after the change; throw a DomainError. `previous` is absent on create. */
  rules?(fields: z.output<Schema>, context: RuleContext, previous?: z.output<Schema>): void;
  /**
   * Advice that does not block (the spec's "advised" or "discouraged"): answered with a successful create, update or
   * clone, in the caller's language. `previous` is absent on create and clone.
   */
  warnings?(fields: z.output<Schema>, previous?: z.output<Schema>): CatalogueWarning[];
  updateOptions?: UpdateOptions<Schema, Options>;
  /** Values no two live entities may share (compared as given: normalise in valueOf); `owner` scopes one per owner. */
  unique?: { scope: string; valueOf(fields: z.output<Schema>, owner: string): string[]; conflict: HttpErrorCode }[];
  /** Other streams this entity refers to; they must exist, and cannot be deleted while referred to. */
  references?(fields: z.output<Schema>): { to: string; missing: HttpErrorCode }[];
  deletion?: {
    /** Refused while another entity refers to this one. */
    refusedWhileReferenced?: HttpErrorCode;
    /** Any other reason to refuse (e.g. only the owning profile may delete). */
    guard?(state: EntityState<z.output<Schema>>, context: RuleContext): void;
  };
  cloneable?: boolean;
  /** Its commands with intent, by command name, beside create / update / delete / clone. */
  // biome-ignore lint/suspicious/noExplicitAny: each intent has a payload schema of its own
  intents?: Record<string, EntityIntent<Schema, any>>;
  /** The field changes an update records under a name of their own; the first an update changes names it. */
  fieldIntents?: readonly FieldIntent<Schema>[];
}

/**
 * The events a definition's commands with intent and field intents record, after its prefix (what its projections
 * follow, beside `Created`, `Updated` and `Deleted`).
 */
export const intentEventsOf = (definition: Pick<EntityDefinition, 'intents' | 'fieldIntents'>) => [
  ...new Set([
    ...Object.values(definition.intents ?? {}).map((intent) => intent.event),
    ...(definition.fieldIntents ?? []).flatMap((intent) => intent.events),
  ]),
];

export type FieldsOf<Definition extends EntityDefinition> = z.output<Definition['schema']>;
