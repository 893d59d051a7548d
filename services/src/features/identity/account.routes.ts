import {
  languageChoiceSchema,
  loginBodySchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordSetBodySchema,
  pickLanguage,
  storedSessionSchema,
} from '@nq/contracts';
import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import { publicAccess, signedIn } from '@nq/platform/http/access-rule';
import { rateLimitHeaders, spendRequestBudget } from '@nq/platform/http/request-budget';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from './identity-service.ts';

export interface AccountRouteOptions {
  identity: IdentityService;
  ephemeral: EphemeralStore;
  /** Login and reset attempts per client address and minute. */
  ratePerMinute: number;
}

const tags = ['Account'];
const done = z.object({ done: z.literal(true) });

/**
 * Account (docs/product/api.md#account): login, logout, password reset and change; plus completing a reset or
 * invitation link.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, options) => {
  const { identity, ephemeral } = options;
  // preClose: the platform's database closes in an onClose hook that may run before this scope's own.
  app.addHook('preClose', async () => identity.settleResets());

  /** Login and reset are unsigned: each client address gets a budget of attempts per minute. */
  async function throttle(request: { ip: string }, reply: FastifyReply) {
    const budget = await spendRequestBudget(ephemeral, `login-rate:${request.ip}`, options.ratePerMinute);
    reply.headers(rateLimitHeaders(budget));
  }

  app.post(
    '/login',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'Log in: the stored session, with its signing credentials',
        body: loginBodySchema,
        response: {
          200: storedSessionSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await throttle(request, reply);
      return identity.login(request.body);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'End this session', response: { 200: done, 401: errorResponse } },
    },
    async (request) => {
      await identity.logout(request.viewer.credential.id);
      return { done: true as const };
    },
  );

  app.post(
    '/account/password/reset',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'E-mail a one-time link to choose a new password, if the address belongs to a user',
        description:
          'Answers the same at once whether or not the address belongs to a user, and whatever the state of the mail ' +
          'server: the e-mail is queued and delivered with retries.',
        body: passwordResetBodySchema,
        response: { 200: done, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await throttle(request, reply);
      identity.requestPasswordReset(request.body.email, pickLanguage(request.headers['accept-language']), (error) =>
        request.log.error({ err: error }, 'password reset not queued'),
      );
      return { done: true as const };
    },
  );

  app.post(
    '/account/password/set',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'Choose a new password with the token of an e-mailed reset or invitation link (works once)',
        body: passwordSetBodySchema,
        response: { 200: done, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await throttle(request, reply);
      await identity.setPasswordFromLink(request.body);
      return { done: true as const };
    },
  );

  app.put(
    '/account/language',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "Save the caller's interface language: every later login answers it as preferedLanguage",
        body: languageChoiceSchema,
        response: { 200: done, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      await identity.chooseLanguage(request.viewer.userId, request.body.language, request.actor);
      return { done: true as const };
    },
  );

  app.post(
    '/account/password/change',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "Change the caller's password; every session of the user ends",
        body: passwordChangeBodySchema,
        response: { 200: done, 400: errorResponse, 401: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      await identity.changePassword(request.viewer.userId, request.body, request.actor);
      return { done: true as const };
    },
  );
};
