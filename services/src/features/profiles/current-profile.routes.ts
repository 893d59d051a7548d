import {
  DomainError,
  kpiFringesChangeSchema,
  profileIspSchema,
  smartPerformanceDashboardSchema,
  storedSessionSchema,
} from '@nq/contracts';
import { isAdmin } from '@nq/platform/access/viewer';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess, signedIn } from '@nq/platform/http/access-rule';
import { documentList, errorResponse } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from '../identity/index.ts';
import { smartPerformanceDashboard } from '../smart-performance/index.ts';

export interface CurrentProfileRouteOptions {
  identity: IdentityService;
  profiles: EntityService;
  readStore: ReadStore;
}

const tags = ['Profile'];
const profileSummary = z.object({ id: z.string(), name: z.string(), rol: z.string(), service: z.string() });

/**
 * Profile (docs/product/api.md#profile): the caller's profile, the profiles it may switch to, and per-profile settings.
 */
export const currentProfileRoutes: FastifyPluginAsyncZod<CurrentProfileRouteOptions> = async (app, options) => {
  const { identity, profiles, readStore } = options;

  async function assignedProfiles(userId: string) {
    const user = await identity.loadUser(userId);
    if (!user) throw new DomainError('resource.notFound', { details: { userId } });
    const found = await Promise.all(user.fields.profiles.map((id) => identity.loadProfile(id)));
    return found
      .filter((profile) => profile !== undefined)
      .map(({ id, name, rol, service }) => ({ id, name, rol, service }));
  }

  app.get(
    '/profile',
    {
      config: { access: signedIn },
      schema: {
        // Beside `GET /profiles/{id}` (getProfile).
        operationId: 'getCurrentProfile',
        tags,
        summary: 'The profile the caller works under',
        response: { 200: z.looseObject({ id: z.string() }) },
      },
    },
    async (request) => request.viewer.profile,
  );

  app.get(
    '/profiles/active',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'The profiles the caller may switch to, and the current one',
        response: { 200: z.object({ current: z.string(), list: z.array(profileSummary) }) },
      },
    },
    async (request) => ({ current: request.viewer.profileId, list: await assignedProfiles(request.viewer.userId) }),
  );

  app.get(
    '/profile/byuser',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "A user's profiles (the caller's own; administrators may name another user)",
        querystring: z.object({ userId: z.string().optional() }),
        response: { 200: z.object({ list: z.array(profileSummary) }), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const userId = request.query.userId ?? request.viewer.userId;
      if (userId !== request.viewer.userId && !isAdmin(request.viewer)) throw new DomainError('auth.adminOnly');
      return { list: await assignedProfiles(userId) };
    },
  );

  app.put(
    '/user/profile/change',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Work under another of your profiles: the session answers with it',
        body: z.object({ idProfile: z.string().min(1, 'validation.required') }),
        response: { 200: storedSessionSchema, 403: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const credential = await identity.credential(request.viewer.credential.id);
      if (!credential) throw new DomainError('auth.sessionExpired');
      return identity.switchProfile(credential, request.body.idProfile);
    },
  );

  app.get(
    '/profile/users',
    {
      config: { access: layerAccess(['users_management', 'profiles_management'], true) },
      schema: {
        tags,
        summary: 'The users a profile is assigned to',
        querystring: z.object({ profileId: z.string().min(1) }),
        response: { 200: documentList },
      },
    },
    async (request) => {
      const list = await readAll(readStore, 'users', [{ field: 'profiles', equals: request.query.profileId }]);
      return { list, count: list.length };
    },
  );

  app.get(
    '/profile/isps',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The ISPs the caller's profile analyses (isGod without any: every provider)",
        response: { 200: z.object({ list: z.array(profileIspSchema) }) },
      },
    },
    async (request) => {
      const { profile } = request.viewer;
      if (profile.isps.length > 0 || !profile.isGod) return { list: profile.isps };
      const providers = await readAll(readStore, 'providers');
      return {
        list: providers.map((provider) => ({ id: provider.id, label: String(provider.label ?? provider.name) })),
      };
    },
  );

  app.get(
    '/profile/smartPerformance',
    {
      config: { access: layerAccess(['smartPerformance']) },
      schema: {
        tags,
        summary: 'What the smart performance dashboards of the profile show: its KPIs and programs',
        response: { 200: smartPerformanceDashboardSchema },
      },
    },
    async (request) => smartPerformanceDashboard(request.viewer.profile),
  );

  app.put(
    '/profile/update/kpis/:id/fringes',
    {
      config: { access: layerAccess(['scoreManagement', 'profiles_management']) },
      schema: {
        tags,
        summary: "Set the fringes a KPI is shown in, in the caller's profile",
        params: z.object({ id: z.string().min(1) }),
        body: kpiFringesChangeSchema,
        response: { 200: z.looseObject({ id: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const { state } = await profiles.execute(
        {
          type: 'intent',
          intent: 'changeKpiFringes',
          id: request.viewer.profile.id,
          payload: { kpi: request.params.id, fringes: request.body.fringes },
        },
        { actor: request.actor, commandId: request.commandId, correlationId: request.id, now: new Date() },
      );
      return { ...state.fields, id: state.id };
    },
  );
};
