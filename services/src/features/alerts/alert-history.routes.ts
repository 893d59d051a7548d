import {
  alertHistoryEntrySchema,
  alertHistoryIdSchema,
  alertHistoryPageSchema,
  alertHistoryQuerySchema,
  alertLatestSchema,
  alertReadChangeSchema,
  alertReadManySchema,
  alertUnreadCountSchema,
  DomainError,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { AlertHistoryReader, HistoryScope } from '@nq/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertAccess } from './alert.routes.ts';

const tags = ['Alerts'];
const read = { access: alertAccess.access.read };
const write = { access: alertAccess.access.write };

/** A profile sees the history of its own alerts; an isGod profile every alert's. */
const scopeOf = (viewer: Viewer): HistoryScope =>
  viewer.profile.isGod ? { everyOwner: true } : { owner: viewer.profileId };

/** A failure of the history's store is told as such, not as an unexplained error. */
const orHistoryFailed = <T>(work: Promise<T>) =>
  work.catch((error: unknown) => {
    if (error instanceof DomainError) throw error;
    throw new DomainError('alerts.historyFailed', { cause: error });
  });

/**
 * Alerts (docs/product/api.md#alerts): the history the evaluator records, its read flags and the unread count of the
 * shell's badge.
 */
export const alertHistoryRoutes: FastifyPluginAsyncZod<{ history: AlertHistoryReader }> = async (app, { history }) => {
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: "The history of your profile's alerts, newest window first, narrowed by alert, state, group and dates",
        querystring: alertHistoryQuerySchema,
        response: { 200: alertHistoryPageSchema, 500: errorResponse },
      },
    },
    (request) => orHistoryFailed(history.list(scopeOf(request.viewer), request.query)),
  );

  app.get(
    '/unread-count',
    {
      config: read,
      schema: {
        tags,
        summary: 'How many history entries of your alerts are unread (the badge)',
        response: { 200: alertUnreadCountSchema, 500: errorResponse },
      },
    },
    async (request) => ({ count: await orHistoryFailed(history.unreadCount(scopeOf(request.viewer))) }),
  );

  app.get(
    '/:alertId/latest',
    {
      config: read,
      schema: {
        tags,
        summary: "Each group's latest entry of an alert",
        params: z.object({ alertId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound') }),
        response: { 200: alertLatestSchema, 500: errorResponse },
      },
    },
    async (request) => ({
      list: await orHistoryFailed(history.latest(scopeOf(request.viewer), request.params.alertId)),
    }),
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        operationId: 'markAlertHistoryEntryRead',
        tags,
        summary: 'Mark an entry read or unread',
        params: z.object({ id: alertHistoryIdSchema }),
        body: alertReadChangeSchema,
        response: { 200: alertHistoryEntrySchema, 404: errorResponse, 500: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [entry] = await orHistoryFailed(history.markRead(scopeOf(request.viewer), [id], request.body.read));
      if (!entry) throw new DomainError('resource.notFound', { details: { id } });
      return entry;
    },
  );

  app.put(
    '/',
    {
      config: write,
      schema: {
        operationId: 'markAlertHistoryEntriesRead',
        tags,
        summary: 'Mark several entries (a page) read or unread; answers those changed (ids not yours are left out)',
        body: alertReadManySchema,
        response: { 200: alertHistoryPageSchema, 500: errorResponse },
      },
    },
    async (request) => {
      const list = await orHistoryFailed(
        history.markRead(scopeOf(request.viewer), [...new Set(request.body.ids)], request.body.read),
      );
      return { list, count: list.length };
    },
  );
};
