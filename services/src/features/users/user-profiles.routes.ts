import { DomainError, pickLanguage, userProfileActions, userProfileChangeSchema } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { documentList, errorResponse } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from '../identity/index.ts';
import type { AssignableProfiles } from './assignable-profiles.ts';

export interface UserProfileRouteOptions {
  identity: IdentityService;
  users: EntityService;
  assignable: AssignableProfiles;
  readStore: ReadStore;
  visibility: Visibility;
}

const tags = ['Users'];
const access = layerAccess(['users_management'], true);
const params = z.object({ id: z.string().min(1).max(64) });

/**
 * Users (docs/product/api.md#users): a user's profiles, the profiles an administrator may assign, adding and removing
 * them, resets.
 */
export const userProfileRoutes: FastifyPluginAsyncZod<UserProfileRouteOptions> = async (app, options) => {
  const { identity, users, readStore, visibility } = options;

  async function visibleUser(viewer: Viewer, id: string) {
    const user = await identity.loadUser(id);
    if (!user || !visibility.sees(viewer, { ...user.fields, id: user.id, owner: user.owner }))
      throw new DomainError('resource.notFound', { details: { id } });
    return user;
  }

  /** The profiles the caller may assign (see assignableProfiles), among those the read model lists. */
  async function assignable(viewer: Viewer) {
    const ids = (await readAll(readStore, 'profiles')).map((profile) => profile.id);
    const refused = new Set(await options.assignable.refused(viewer, ids));
    return ids.filter((id) => !refused.has(id));
  }

  app.get(
    '/:id/profiles',
    {
      config: { access },
      schema: { tags, summary: "The user's profiles", params, response: { 200: documentList, 404: errorResponse } },
    },
    async (request) => {
      const user = await visibleUser(request.viewer, request.params.id);
      const found = await readStore.getMany('profiles', user.fields.profiles);
      const list = [...found.values()];
      return { list, count: list.length };
    },
  );

  app.get(
    '/:id/asignable-profiles',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The profiles the caller may assign to the user and the user does not have yet',
        params,
        response: { 200: documentList, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await visibleUser(request.viewer, request.params.id);
      const ids = (await assignable(request.viewer)).filter((id) => !user.fields.profiles.includes(id));
      const list = [...(await readStore.getMany('profiles', ids)).values()];
      return { list, count: list.length };
    },
  );

  app.put(
    '/:id/profiles/:action',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add profiles to the user, or remove them',
        params: params.extend({ action: z.enum(userProfileActions) }),
        body: userProfileChangeSchema,
        response: { 200: z.looseObject({ id: z.string() }), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await visibleUser(request.viewer, request.params.id);
      const { profileIds } = request.body;
      const adding = request.params.action === 'add';
      await options.assignable.admitChange(request.viewer, adding ? { give: profileIds } : { takeAway: profileIds });
      // The new list is decided from the user's stream, so concurrent additions and removals each keep theirs.
      const { state, position } = await users.execute(
        {
          type: 'intent',
          intent: adding ? 'assignProfiles' : 'withdrawProfiles',
          id: user.id,
          payload: { profileIds },
        },
        { actor: request.actor, commandId: request.commandId, correlationId: request.id, now: new Date() },
      );
      return { ...state.fields, id: state.id, ...(position ? { position } : {}) };
    },
  );

  app.put(
    '/:id/reset-password',
    {
      config: { access },
      schema: {
        tags,
        summary: 'E-mail the user a one-time link to choose a new password',
        params,
        response: { 200: z.object({ done: z.literal(true) }), 404: errorResponse },
      },
    },
    async (request) => {
      const user = await visibleUser(request.viewer, request.params.id);
      await identity.sendPasswordLink(user, 'reset', pickLanguage(request.headers['accept-language']));
      return { done: true as const };
    },
  );
};
