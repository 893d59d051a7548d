import {
  type DashboardNotification,
  DomainError,
  dashboardCategoriesBodySchema,
  dashboardCloneBodySchema,
  dashboardGraphicBodySchema,
  dashboardGraphicId,
  dashboardNotificationReadBodySchema,
  dashboardNotificationSchema,
  dashboardSendBodySchema,
  dashboardShareBodySchema,
  type EntityState,
  logPositionSchema,
  type PersonalDashboardFields,
  personalDashboardViewSchema,
  reproduceAsOfSchema,
  warning,
  warningBody,
  warningBodySchema,
} from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { commandMetadata } from '@nq/platform/http/command-metadata';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { MailOutbox } from '@nq/platform/mail/mail-outbox';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConfigurationHistory } from '../analytics/index.ts';
import type { FileRecords } from '../files/index.ts';
import { languageOf } from '../measurements-api/index.ts';
import { graphicsRemovedWith } from './dashboard-categories.ts';
import { dashboardSharedMessage } from './dashboard-share-mail.ts';
import { dashboardVisibility } from './dashboard-visibility.ts';
import { personalDashboardSendKind } from './personal-dashboard-send.job.ts';

export interface PersonalDashboardRouteOptions {
  dashboards: EntityService;
  readStore: ReadStore;
  collection: string;
  files: FileRecords;
  /** Where the configuration stands: the position a sent PDF is pinned at. */
  history: ConfigurationHistory;
  mailOutbox: MailOutbox;
  /** The console's address, for the link a share e-mail carries. */
  publicUrl: string;
}

const tags = ['Personal dashboards'];
const access = { access: layerAccess(['dashboards_personal']) };
const id = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound');
const dashboardParams = z.object({ id });
const categoryParams = dashboardParams.extend({ category: z.string().min(1).max(64) });
const graphicParams = categoryParams.extend({ graphicId: dashboardGraphicId });
const dashboardAnswer = z.object({
  result: personalDashboardViewSchema,
  position: logPositionSchema.optional(),
  warnings: z.array(warningBodySchema),
});
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/**
 * Personal dashboards beyond list/get/create/update/delete (served with the other configuration entities;
 * docs/product/api.md#personal-dashboards): graphics of a category, the categories, share and its notifications,
 * clone, and send as a PDF by e-mail.
 */
export const personalDashboardRoutes: FastifyPluginAsyncZod<PersonalDashboardRouteOptions> = async (app, options) => {
  const { dashboards, readStore, collection, files, history, mailOutbox, publicUrl } = options;
  const documentOf = (state: EntityState) => ({
    ...(state.fields as PersonalDashboardFields),
    id: state.id,
    owner: state.owner,
  });

  /** The dashboard as the caller sees it (owner or shared with), or 404. */
  async function visibleDashboard(request: FastifyRequest, dashboardId: string) {
    const { state } = await dashboards.load(dashboardId);
    if (state.status !== 'active' || !dashboardVisibility.sees(request.viewer, documentOf(state)))
      throw new DomainError('resource.notFound', { details: { id: dashboardId } });
    return state;
  }
  /** Only the owner changes a dashboard: the others it is shared with may clone it. */
  const ownedBy = (request: FastifyRequest, dashboardId: string) => (state: EntityState) => {
    if (state.status !== 'active' || !dashboardVisibility.sees(request.viewer, documentOf(state)))
      throw new DomainError('resource.notFound', { details: { id: dashboardId } });
    if (state.owner !== request.viewer.profileId)
      throw new DomainError('dashboards.notOwner', { details: { id: dashboardId } });
  };
  async function intent(request: FastifyRequest, dashboardId: string, name: string, payload: unknown) {
    const { state, position } = await dashboards.execute(
      { type: 'intent', intent: name, id: dashboardId, payload },
      commandMetadata(request),
      undefined,
      ownedBy(request, dashboardId),
    );
    return { result: documentOf(state), ...(position ? { position } : {}), warnings: [] };
  }

  app.post(
    '/:id/:category/graphic',
    {
      config: access,
      schema: {
        tags,
        summary: 'Save a graphic into a category of the dashboard',
        params: categoryParams,
        body: dashboardGraphicBodySchema,
        response: { 201: dashboardAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const graphic = { ...request.body, id: crypto.randomUUID() };
      const { id: dashboardId, category } = request.params;
      return reply.status(201).send(await intent(request, dashboardId, 'addGraphic', { category, graphic }));
    },
  );

  app.put(
    '/:id/:category/:graphicId',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a graphic of the dashboard (its title, request or place on the grid)',
        params: graphicParams,
        body: dashboardGraphicBodySchema,
        response: { 200: dashboardAnswer, ...errors },
      },
    },
    async (request) => {
      const { id: dashboardId, category, graphicId } = request.params;
      const graphic = { ...request.body, id: graphicId };
      return intent(request, dashboardId, 'updateGraphic', { category, graphicId, graphic });
    },
  );

  app.delete(
    '/:id/:category/:graphicId',
    {
      config: access,
      schema: {
        tags,
        summary: "Delete a graphic; a scorecard's takes every graphic of its scorecard in the dashboard",
        params: graphicParams,
        response: { 200: dashboardAnswer, ...errors },
      },
    },
    async (request) => {
      const { id: dashboardId, category, graphicId } = request.params;
      const before = await visibleDashboard(request, dashboardId);
      const categories = (before.fields as PersonalDashboardFields).categories;
      const removed = categories.some((found) => found.name === category)
        ? graphicsRemovedWith(categories, category, graphicId)
        : 0;
      const answer = await intent(request, dashboardId, 'removeGraphic', { category, graphicId });
      const cascaded =
        removed > 1 ? [warningBody(warning('dashboards.scorecardGraphicsDeleted'), languageOf(request))] : [];
      return { ...answer, warnings: cascaded };
    },
  );

  app.put(
    '/:id/categories',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add, rename, reorder and remove categories: the list as it should be (names unique)',
        params: dashboardParams,
        body: dashboardCategoriesBodySchema,
        response: { 200: dashboardAnswer, ...errors },
      },
    },
    async (request) => intent(request, request.params.id, 'changeCategories', request.body),
  );

  app.post(
    '/:id/share',
    {
      config: access,
      schema: {
        tags,
        summary: 'Share the dashboard with users (e-mails), optionally notifying them with a message',
        params: dashboardParams,
        body: dashboardShareBodySchema,
        response: { 200: dashboardAnswer, ...errors },
      },
    },
    async (request) => {
      const sharer = request.viewer.email.toLowerCase();
      const answer = await intent(request, request.params.id, 'share', { ...request.body, sharer });
      const { users, notify, message, lang } = request.body;
      if (notify)
        await mailOutbox.enqueue(
          {
            to: users,
            ...dashboardSharedMessage({
              sharer,
              dashboard: answer.result.name,
              dashboardId: answer.result.id,
              message,
              language: lang ?? languageOf(request),
              publicUrl,
            }),
          },
          { idempotencyKey: `dashboard-shared:${answer.result.id}:${request.commandId}` },
        );
      return answer;
    },
  );

  app.post(
    '/:id/clone',
    {
      config: access,
      schema: {
        tags,
        summary: "Save a copy of a dashboard (one's own or shared with one) under a name: the copy is the caller's",
        params: dashboardParams,
        body: dashboardCloneBodySchema,
        response: { 201: dashboardAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const source = await visibleDashboard(request, request.params.id);
      // A create, not the platform's clone: the copy starts unshared, whatever the source was shared with.
      const { categories, image } = source.fields as PersonalDashboardFields;
      const { state, position } = await dashboards.execute(
        {
          type: 'create',
          id: crypto.randomUUID(),
          fields: { name: request.body.name, categories, ...(image ? { image } : {}) },
        },
        commandMetadata(request),
      );
      return reply.status(201).send({ result: documentOf(state), ...(position ? { position } : {}), warnings: [] });
    },
  );

  app.get(
    '/notifications',
    {
      config: access,
      schema: {
        tags,
        summary: 'The notifications of the dashboards shared with the caller, the unread first',
        response: { 200: z.object({ result: z.array(dashboardNotificationSchema) }) },
      },
    },
    async (request) => {
      const email = request.viewer.email.toLowerCase();
      const shared = await readAll(readStore, collection, [{ field: 'notified', equals: email }]);
      const result: DashboardNotification[] = shared
        .filter((dashboard) => (dashboard.sharedWith as string[] | undefined)?.includes(email))
        .map((dashboard) => ({
          id: dashboard.id,
          dashboard: String(dashboard.name),
          sharer: String(dashboard.sharedBy ?? ''),
          ...(typeof dashboard.shareMessage === 'string' ? { message: dashboard.shareMessage } : {}),
          read: ((dashboard.readBy as string[] | undefined) ?? []).includes(email),
        }))
        .sort((a, b) => Number(a.read) - Number(b.read) || a.dashboard.localeCompare(b.dashboard));
      return { result };
    },
  );

  app.put(
    '/notifications/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Mark the notification of a dashboard shared with the caller read (or unread)',
        params: dashboardParams,
        body: dashboardNotificationReadBodySchema,
        response: {
          200: z.object({ result: dashboardNotificationSchema, position: logPositionSchema.optional() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const email = request.viewer.email.toLowerCase();
      const dashboardId = request.params.id;
      const notifiedTo = (state: EntityState) => {
        const fields = state.fields as PersonalDashboardFields;
        if (state.status !== 'active' || !fields.notified.includes(email) || !fields.sharedWith.includes(email))
          throw new DomainError('resource.notFound', { details: { id: dashboardId } });
      };
      const { state, position } = await dashboards.execute(
        {
          type: 'intent',
          intent: 'markNotification',
          id: dashboardId,
          payload: { user: email, read: request.body.read },
        },
        commandMetadata(request),
        undefined,
        notifiedTo,
      );
      const fields = state.fields as PersonalDashboardFields;
      return {
        result: {
          id: dashboardId,
          dashboard: fields.name,
          sharer: fields.sharedBy ?? '',
          ...(fields.shareMessage ? { message: fields.shareMessage } : {}),
          read: fields.readBy.includes(email),
        },
        ...(position ? { position } : {}),
      };
    },
  );

  app.post(
    '/:id/send',
    {
      config: access,
      schema: {
        tags,
        summary: "E-mail the dashboard as a PDF (a file made by a job; times in the client's time zone)",
        params: dashboardParams,
        body: dashboardSendBodySchema,
        querystring: z.object({
          asOf: reproduceAsOfSchema.optional(),
        }),
        response: {
          202: z.object({
            result: z.object({ fileId: z.string(), status: z.string() }),
            warnings: z.array(warningBodySchema),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const { timeZone, receivedUntil: asked } = request.body;
      // Pinned now (docs: reproducing a published number): the data as received until this moment, the dashboard and
      // the sender's profile at this configuration position (or the ones asked for), however late its job runs.
      const receivedUntil = asked ?? new Date().toISOString();
      const asOf = request.query.asOf ?? (await history.head());
      await visibleDashboard(request, request.params.id);
      // The dashboard as it was then: its graphics, as the PDF being reproduced drew them.
      const { state: dashboard } = await dashboards.load(request.params.id, asOf);
      if (dashboard.status !== 'active')
        throw new DomainError('resource.notFound', { details: { id: request.params.id, asOf } });
      const fields = dashboard.fields as PersonalDashboardFields;
      const { file } = await files.request({
        service: 'personalDashboard',
        owner: { userId: viewer.userId, profileId: viewer.profileId },
        name: `${fields.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'dashboard'}.pdf`,
        jobKind: personalDashboardSendKind,
        payload: {
          dashboardId: dashboard.id,
          version: dashboard.version,
          timeZone,
          language: languageOf(request),
          userId: viewer.userId,
          profileId: viewer.profileId,
          asOf,
          receivedUntil,
        },
        reproduce: { asOf, receivedUntil },
      });
      return reply.status(202).send({ result: { fileId: file.id, status: file.status }, warnings: [] });
    },
  );
};
