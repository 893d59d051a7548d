import {
  type CsvTemplateFields,
  csvFavoriteChangeSchema,
  csvScopeParamsSchema,
  csvTemplateBodySchema,
  csvTemplateOrderSchema,
  csvTemplatePreferencesSchema,
  csvTemplateViewSchema,
  DomainError,
  defaultCsvTemplateId,
  type EntityState,
  logPositionSchema,
  technologiesOfProfileService,
  warningBody,
  warningBodySchema,
} from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { commandMetadata } from '@nq/platform/http/command-metadata';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { Projector } from '@nq/platform/projector-port';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../measurements-api/index.ts';
import { admitCsvTemplateColumns, admitCsvTemplateService } from './csv-template-admission.ts';
import { csvTemplatePreferencesOf } from './csv-template-preferences.ts';
import {
  csvTemplateViews,
  defaultCsvTemplate,
  fitsPrograms,
  offeredCsvTemplates,
  type StoredCsvTemplate,
} from './csv-template-views.ts';

export interface CsvTemplateRouteOptions {
  templates: EntityService;
  profiles: EntityService;
  readStore: ReadStore;
  projector: Pick<Projector, 'showsWrite'>;
  /** The templates' list read model: its projection name and collection. */
  projection: { name: string; collection: string };
}

const tags = ['CSV templates'];
const scopeParams = csvScopeParamsSchema;
const templateId = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound');
const read = { access: layerAccess(['csv_templates', 'csv_extractor']) };
const write = { access: layerAccess(['csv_templates']) };
const warnings = z.array(warningBodySchema);
const templateAnswer = z.object({
  result: csvTemplateViewSchema,
  position: logPositionSchema.optional(),
  warnings,
});
const preferencesAnswer = z.object({ result: csvTemplatePreferencesSchema, position: logPositionSchema.optional() });

/**
 * CSV (docs/product/api.md#csv-templates): a profile's templates for an extraction of some programs (the default one
 * first, in the profile's order, with its favourites), their create, update and delete; and `/profile/csvTemplates/…`,
 * the profile's favourites (docs/product/states.md#csv-template-favourites: at least one stays favourite) and order.
 */
export const csvTemplateRoutes: FastifyPluginAsyncZod<CsvTemplateRouteOptions> = async (app, options) => {
  const { templates, profiles, readStore, projector, projection } = options;
  const base = '/api/types/:service/programs/:programs/csv/templates';

  async function readYourWrites(position: string | undefined) {
    if (position && !(await projector.showsWrite(position, projection.name)))
      throw new DomainError('dependency.unavailable', { params: { dependency: `read model ${projection.name}` } });
  }
  const preferencesOfProfile = async (profileId: string) =>
    csvTemplatePreferencesOf((await profiles.load(profileId)).state.fields);
  const storedOf = (state: EntityState): StoredCsvTemplate => ({
    ...(state.fields as CsvTemplateFields),
    id: state.id,
    version: state.version,
  });

  /** The template as the caller's profile owns it (isGod: any profile's), or 404; the default is never changed. */
  async function ownedTemplate(request: FastifyRequest, id: string) {
    if (id === defaultCsvTemplateId) throw new DomainError('csvTemplates.builtInUnchangeable', { details: { id } });
    const { state } = await templates.load(id);
    const { viewer } = request;
    if (state.status !== 'active' || (state.owner !== viewer.profileId && !viewer.profile.isGod))
      throw new DomainError('resource.notFound', { details: { id } });
    return state;
  }

  /** A command's answer: the template as the list shows it, with its owner's favourites and order. */
  async function answerOf(request: FastifyRequest, state: EntityState, position?: string) {
    const stored = storedOf(state);
    const builtIn = defaultCsvTemplate(request.viewer.profile, stored.service, [], languageOf(request));
    const views = csvTemplateViews(builtIn, [stored], await preferencesOfProfile(state.owner));
    return { result: views[1]!, ...(position ? { position } : {}), warnings: [] };
  }

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: "The profile's CSV templates for these programs: the default first, then in the profile's order",
        params: scopeParams,
        querystring: z.object({
          minPosition: logPositionSchema.optional().describe('Wait (up to 5 s) until the list shows this write'),
        }),
        response: {
          200: z.object({
            result: z.array(csvTemplateViewSchema),
            technologies: z
              .array(z.number().int())
              .describe("The technologies an extraction naming none uses: the profile's of the service"),
            warnings,
          }),
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const { service, programs } = request.params;
      const { viewer } = request;
      const language = languageOf(request);
      admitCsvTemplateService(viewer.profile, service);
      admitCsvTemplateColumns(
        viewer.profile,
        programs.map((program) => ({ program, field: 'program', operation: 'value' })),
      );
      const builtIn = defaultCsvTemplate(viewer.profile, service, programs, language);
      const offered = await offeredCsvTemplates(
        builtIn,
        async () => {
          await readYourWrites(request.query.minPosition);
          const [documents, preferences] = await Promise.all([
            readAll(readStore, projection.collection, [
              { field: 'owner', equals: viewer.profileId },
              { field: 'service', equals: service },
            ]),
            preferencesOfProfile(viewer.profileId),
          ]);
          const stored = (documents as unknown as StoredCsvTemplate[]).filter((template) =>
            fitsPrograms(template, programs),
          );
          return { stored, preferences };
        },
        (error) => request.log.warn({ err: error }, 'CSV templates could not be loaded: offering the default one'),
      );
      return {
        result: offered.result,
        technologies: technologiesOfProfileService(viewer.profile, service),
        warnings: offered.warnings.map((item) => warningBody(item, language)),
      };
    },
  );

  app.post(
    base,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a CSV template of the profile for these programs',
        params: scopeParams,
        body: csvTemplateBodySchema,
        response: { 201: templateAnswer, 400: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { service, programs } = request.params;
      admitCsvTemplateService(request.viewer.profile, service);
      admitCsvTemplateColumns(request.viewer.profile, request.body.columns, programs);
      const { state, position } = await templates.execute(
        { type: 'create', id: crypto.randomUUID(), fields: { ...request.body, service } },
        commandMetadata(request),
      );
      return reply.status(201).send(await answerOf(request, state, position));
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a CSV template: the fields sent change, the others stay',
        params: scopeParams.extend({ id: templateId }),
        body: csvTemplateBodySchema.partial().extend({
          expectedVersion: z.number().int().min(1).optional().describe('Refuse with 409 if it changed since'),
        }),
        response: {
          200: templateAnswer,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const { service, programs, id } = request.params;
      const { expectedVersion, ...changes } = request.body;
      const current = await ownedTemplate(request, id);
      if ((current.fields as CsvTemplateFields).service !== service)
        throw new DomainError('resource.notFound', { details: { id } });
      if (changes.columns) admitCsvTemplateColumns(request.viewer.profile, changes.columns, programs);
      const { state, position } = await templates.execute(
        { type: 'update', id, changes },
        commandMetadata(request),
        expectedVersion,
        (loaded) => {
          if (loaded.status === 'active' && loaded.owner !== current.owner)
            throw new DomainError('resource.notFound', { details: { id } });
        },
      );
      return answerOf(request, state, position);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a CSV template; a favourite is unmarked first, unless it is the last one',
        params: scopeParams.extend({ id: templateId }),
        response: {
          200: z.object({ result: z.object({ id: z.string() }), position: logPositionSchema.optional() }),
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await ownedTemplate(request, id);
      if ((await preferencesOfProfile(current.owner)).favorites.includes(id))
        await profiles.execute(
          {
            type: 'intent',
            intent: 'changeCsvTemplateFavorite',
            id: current.owner,
            payload: { templateId: id, favorite: false },
          },
          commandMetadata(request, `${request.commandId}:unfavorite`),
        );
      const { position } = await templates.execute({ type: 'delete', id }, commandMetadata(request));
      return { result: { id }, ...(position ? { position } : {}) };
    },
  );

  app.put(
    '/profile/csvTemplates/:id/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: "Mark or unmark one of the profile's CSV templates favourite (the last favourite stays)",
        params: z.object({ id: templateId }),
        body: csvFavoriteChangeSchema,
        response: { 200: preferencesAnswer, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { viewer } = request;
      if (id !== defaultCsvTemplateId) {
        const { state } = await templates.load(id);
        if (state.status !== 'active' || state.owner !== viewer.profileId)
          throw new DomainError('resource.notFound', { details: { id } });
      }
      const { state, position } = await profiles.execute(
        {
          type: 'intent',
          intent: 'changeCsvTemplateFavorite',
          id: viewer.profileId,
          payload: { templateId: id, favorite: request.body.favorite },
        },
        commandMetadata(request),
      );
      return { result: csvTemplatePreferencesOf(state.fields), ...(position ? { position } : {}) };
    },
  );

  app.put(
    '/profile/csvTemplates/order',
    {
      config: write,
      schema: {
        tags,
        summary: "Order the profile's CSV templates (the default stays first; those left out keep their order after)",
        body: csvTemplateOrderSchema,
        response: { 200: preferencesAnswer, 404: errorResponse },
      },
    },
    async (request) => {
      const { viewer } = request;
      const templateIds = request.body.templateIds.filter((id) => id !== defaultCsvTemplateId);
      const loaded = await Promise.all(templateIds.map((id) => templates.load(id)));
      const foreign = templateIds.filter(
        (_, index) => loaded[index]!.state.status !== 'active' || loaded[index]!.state.owner !== viewer.profileId,
      );
      if (foreign.length > 0) throw new DomainError('resource.notFound', { details: { ids: foreign } });
      const { state, position } = await profiles.execute(
        { type: 'intent', intent: 'orderCsvTemplates', id: viewer.profileId, payload: { templateIds } },
        commandMetadata(request),
      );
      return { result: csvTemplatePreferencesOf(state.fields), ...(position ? { position } : {}) };
    },
  );
};
