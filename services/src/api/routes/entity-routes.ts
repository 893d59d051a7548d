import {
  DomainError,
  type EntityState,
  logPositionSchema,
  pickLanguage,
  warningBody,
  warningBodySchema,
} from '@nq/contracts';
import { isAdmin } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { splitUpdateBody, updateBodySchema } from '@nq/platform/entities/update-body';
import type { EntityLifecycle } from '@nq/platform/feature-manifest';
import type { AccessRule } from '@nq/platform/http/access-rule';
import { commandMetadata } from '@nq/platform/http/command-metadata';
import type { Projector } from '@nq/platform/projector-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { SecretSealer } from '@nq/platform/secrets/secret-sealer';
import { entityDocument } from '@nq/projections';
import { configurationProjectionName } from '@nq/projections/configuration/configuration-entities';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileConfiguration } from '../../features/profiles/index.ts';
import { awaitReadModels } from './read-your-writes.ts';

export interface EntityRoutesOptions {
  service: EntityService;
  readStore: ReadStore;
  projector: Pick<Projector, 'showsWrite'>;
  /** The list read model: its projection name and collection. */
  projection: { name: string; collection: string };
  /** Display name for the OpenAPI tags, e.g. 'Tags'. */
  tag: string;
  /** Text fields `q` searches (case-insensitive "contains"). */
  searchFields: string[];
  defaultSort: string;
  defaultPageSize?: number;
  /** Fields a list may be narrowed to by equality, each an optional query parameter of that name. */
  listFilters?: z.ZodObject;
  /** Who may read the entity (list, get) and who may change it. */
  access: { read: AccessRule; write: AccessRule };
  /** What each profile sees of it; another profile's private entity is answered 404, as if it did not exist. */
  visibility: Visibility;
  /**
   * The probes the caller may put in this entity (clusters, universes: they must belong to the profile,
   * docs/product/rules.md#universes-clusters-and-campaigns);
   * undefined for a caller who may use any (isGod).
   */
  probesOf?(viewer: FastifyRequest['viewer'], probeIds: string[]): Promise<string[] | undefined>;
  /** Refuses a create (no id) or an update (the entity's id) the viewer may not make with this body. */
  admitBody?(viewer: FastifyRequest['viewer'], body: Record<string, unknown>, id?: string): Promise<void>;
  /** Masks stored secrets in every answer; reveals them to administrators who ask (`?reveal=secrets`). */
  secrets: Pick<SecretSealer, 'mask' | 'reveal'>;
  /** Side effects after a command succeeded (e.g. the invitation e-mail of a new user). */
  after?: EntityLifecycle;
}

const documentSchema = z.looseObject({
  id: z.string(),
  owner: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
type EntityDocument = z.infer<typeof documentSchema>;
const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound') });
const commandResult = z.object({
  id: z.string(),
  version: z.number().int(),
  position: logPositionSchema.optional(),
  entity: documentSchema.nullable(),
  /** Advice that did not block the command (e.g. a discouraged value), in the caller's language. */
  warnings: z.array(warningBodySchema),
});
const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});
const csv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .optional();

/**
 * The paths every configuration entity has (docs/product/api.md#conventions): list with filters, paging and sorting;
 * get; create; update; delete; clone when the entity allows it. Commands answer the log position they reached; a list
 * or get given `minPosition` waits (bounded) until its read model has caught up with it (read-your-writes).
 */
export const entityRoutes: FastifyPluginAsyncZod<EntityRoutesOptions> = async (app, options) => {
  const { service, readStore, projector, projection, searchFields, defaultSort, visibility, secrets, admitBody } =
    options;
  const { definition } = service;
  const tags = [options.tag];
  const read = { access: options.access.read };
  const write = { access: options.access.write };
  const bodySchema = definition.schema.omit(
    Object.fromEntries((definition.systemFields ?? []).map((field) => [field, true])) as Record<string, true>,
  );
  /** The probes a command names: those of its body and, for a clone, those of its source. */
  const probeIdsOf = (...sources: unknown[]) =>
    [
      ...new Set(
        sources.flatMap((source) =>
          ((source as { probes?: { probeId?: unknown }[] } | undefined)?.probes ?? []).map((probe) => probe.probeId),
        ),
      ),
    ].filter((id): id is string => typeof id === 'string');

  async function metadataOf(request: FastifyRequest, source?: EntityState) {
    const metadata = commandMetadata(request);
    const allowedProbes = await options.probesOf?.(request.viewer, probeIdsOf(request.body, source?.fields));
    return allowedProbes ? { ...metadata, allowedProbes } : metadata;
  }

  /** The entity's natural id when it has one (validated with the body), else a new UUID. */
  const newId = (fields: Record<string, unknown>) =>
    definition.naturalId ? definition.naturalId.of(fields as never) : crypto.randomUUID();
  const notFound = (id: string) => new DomainError('resource.notFound', { details: { id } });
  const visible = (request: FastifyRequest, entity: { id: string; owner: string } & Record<string, unknown>) =>
    visibility.sees(request.viewer, entity);
  const stateOf = (state: EntityState) => ({ ...state.fields, id: state.id, owner: state.owner });
  /**
   * Each listed entity with `ownerName`, the name of the profile that created it, for a person to read (the `owner` id
   * stays, for filtering by owner).
   */
  async function withOwnerNames<Item extends Record<string, unknown>>(items: readonly Item[]) {
    const owners = [...new Set(items.map((item) => item.owner).filter((owner) => typeof owner === 'string'))];
    if (owners.length === 0) return items;
    const profiles = await readStore.getMany(profileConfiguration.collection, owners as string[]);
    return items.map((item) => {
      const name = profiles.get(item.owner as string)?.name;
      return typeof name === 'string' ? { ...item, ownerName: name } : item;
    });
  }

  /** The entity as the caller may see it now: 404 when absent, deleted or another profile's private entity. */
  async function visibleState(request: FastifyRequest, id: string) {
    const { state } = await service.load(id);
    if (state.status !== 'active' || !visible(request, stateOf(state))) throw notFound(id);
    return state;
  }
  /** For a command: another profile's private entity is answered 404, like an absent one (which the decider refuses). */
  const admitVisible = (request: FastifyRequest) => (state: EntityState) => {
    if (state.status === 'active' && !visible(request, stateOf(state))) throw notFound(state.id);
  };
  const minPosition = logPositionSchema.optional().describe('Wait (up to 5 s) until the read model shows this write');

  // A list names each entity's owner from the profiles' read model, which its own projection keeps apart: a list
  // asked to show a write waits for both, so that an owner created just before is named too.
  const ownerNames = configurationProjectionName(profileConfiguration.collection);
  const readYourWrites = (position: string | undefined, { withOwnerNames = false } = {}) =>
    awaitReadModels(projector, position, withOwnerNames ? [projection.name, ownerNames] : [projection.name]);

  const outcome = (request: FastifyRequest, id: string, result: Awaited<ReturnType<EntityService['execute']>>) => ({
    id: result.state.id || id,
    version: result.state.version,
    ...(result.position ? { position: result.position } : {}),
    entity: result.state.status === 'active' ? secrets.mask(entityDocument(result.state) as EntityDocument) : null,
    warnings: result.warnings.map((warning) => warningBody(warning, pickLanguage(request.headers['accept-language']))),
  });
  const updateOptions = definition.updateOptions?.schema;
  const equalityFilters = (query: Record<string, unknown>) =>
    Object.keys(options.listFilters?.shape ?? {}).flatMap((field) => {
      const value = query[field];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? [{ field, equals: value }]
        : [];
    });

  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: `List (${definition.kind})`,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .min(1)
            .max(500)
            .default(options.defaultPageSize ?? 25),
          sort: z
            .string()
            .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
            .default(defaultSort),
          order: z.enum(['asc', 'desc']).default('asc'),
          q: z
            .string()
            .max(200)
            .optional()
            .describe(`Case-insensitive search in ${searchFields.join(', ')}`),
          ids: csv.describe('Only these ids (comma-separated)'),
          owner: z.string().optional().describe('Only entities created by this profile'),
          fields: csv.describe('Only these fields of each entity (comma-separated; id is always included)'),
          minPosition,
          ...options.listFilters?.shape,
        }),
        response: {
          200: z.object({
            list: z.array(z.looseObject({ id: z.string() })),
            count: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, q, ids, owner, fields } = request.query;
      const namesOwners = !fields || fields.includes('ownerName');
      await readYourWrites(request.query.minPosition, { withOwnerNames: namesOwners });
      const { items, total } = await readStore.list(projection.collection, {
        filters: [
          ...(ids ? [{ field: 'id', in: ids }] : []),
          ...(owner ? [{ field: 'owner', equals: owner }] : []),
          ...equalityFilters(request.query),
          ...visibility.listFilters(request.viewer),
        ],
        ...(q ? { search: { fields: searchFields, text: q } } : {}),
        sort: [{ field: sort, order }],
        offset: (page - 1) * pageSize,
        limit: pageSize,
        fresh: request.query.minPosition !== undefined,
      });
      const named = namesOwners ? await withOwnerNames(items) : items;
      const pick = (item: Record<string, unknown>) =>
        fields ? Object.fromEntries(['id', ...fields].filter((f) => f in item).map((f) => [f, item[f]])) : item;
      return { list: named.map((item) => pick(secrets.mask(item))) as { id: string }[], count: total, page, pageSize };
    },
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        summary: `Get one (${definition.kind}); with asOf, its state at that instant, from its history`,
        params: idParams,
        querystring: z.object({
          asOf: z.iso.datetime({ offset: true }).optional(),
          minPosition,
          ...(definition.protect
            ? { reveal: z.literal('secrets').optional().describe('Administrators only: the stored secrets in clear') }
            : {}),
        }),
        response: { 200: documentSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { asOf } = request.query;
      const reveal = (request.query as { reveal?: string }).reveal === 'secrets';
      if (reveal && !isAdmin(request.viewer)) throw new DomainError('auth.adminOnly');
      const present = (document: EntityDocument) => (reveal ? secrets.reveal(document) : secrets.mask(document));
      if (asOf) {
        const { state } = await service.load(request.params.id, new Date(asOf));
        if (state.status !== 'active' || !visible(request, stateOf(state)))
          throw new DomainError('resource.notFound', { details: { id: request.params.id, asOf } });
        return present(entityDocument(state) as EntityDocument);
      }
      await readYourWrites(request.query.minPosition);
      const document = (await readStore.get(projection.collection, request.params.id)) as EntityDocument | undefined;
      if (!document || !visible(request, document)) throw notFound(request.params.id);
      return present(document);
    },
  );

  app.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        summary: `Create (${definition.kind})`,
        body: bodySchema,
        response: { 201: commandResult, 400: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      await options.admitBody?.(request.viewer, request.body as Record<string, unknown>);
      const id = newId(request.body as Record<string, unknown>);
      const result = await service.execute(
        { type: 'create', id, fields: request.body as Record<string, unknown> },
        await metadataOf(request),
      );
      if (result.position) await options.after?.created?.(request, result.state);
      return reply.status(201).send(outcome(request, id, result));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: `Update (${definition.kind}): the fields sent change, the others stay`,
        params: idParams,
        body: updateBodySchema(bodySchema).extend({
          expectedVersion: z
            .number()
            .int()
            .min(1)
            .optional()
            .describe('Refuse with 409 if the entity changed since this version'),
          ...updateOptions?.shape,
        }),
        response: {
          200: commandResult,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const { expectedVersion, ...body } = request.body as Record<string, unknown> & { expectedVersion?: number };
      const { changes, options } = splitUpdateBody(body, Object.keys(updateOptions?.shape ?? {}));
      if (admitBody) {
        // Another profile's private entity is answered 404 before its body is weighed against it: a refusal naming
        // what the caller may not do to it (not its owner, its profiles not assignable) would tell that it exists.
        await visibleState(request, request.params.id);
        await admitBody(request.viewer, changes, request.params.id);
      }
      const result = await service.execute(
        { type: 'update', id: request.params.id, changes, ...(updateOptions ? { options } : {}) },
        await metadataOf(request),
        expectedVersion,
        admitVisible(request),
      );
      return outcome(request, request.params.id, result);
    },
  );

  app.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: `Delete (${definition.kind})`,
        params: idParams,
        querystring: z.object({ expectedVersion: z.coerce.number().int().min(1).optional() }),
        response: { 200: commandResult, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const result = await service.execute(
        { type: 'delete', id: request.params.id },
        await metadataOf(request),
        request.query.expectedVersion,
        admitVisible(request),
      );
      if (result.position) await options.after?.deleted?.(request, result.state);
      return outcome(request, request.params.id, result);
    },
  );

  if (definition.cloneable) {
    app.post(
      '/:id/clone',
      {
        config: write,
        schema: {
          tags,
          summary: `Clone (${definition.kind}) under a new name`,
          params: idParams,
          body: z.object({ name: z.string().trim().min(1, 'validation.required') }).loose(),
          response: {
            201: commandResult,
            400: errorResponse,
            404: errorResponse,
            409: errorResponse,
            422: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const source = await visibleState(request, request.params.id);
        const id = newId({ ...source.fields, ...(request.body as Record<string, unknown>) });
        const result = await service.execute(
          { type: 'clone', id, source, overrides: request.body },
          await metadataOf(request, source),
        );
        return reply.status(201).send(outcome(request, id, result));
      },
    );
  }
};
