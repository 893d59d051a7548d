import { DomainError, issuedCredentialsSchema, tokenRequestSchema, tokenSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from './identity-service.ts';
import type { Credential } from './identity-store.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const done = z.object({ done: z.literal(true) });
const clientSchema = z.object({
  clientId: z.string(),
  name: z.string().optional(),
  profileId: z.string(),
  createdAt: z.string(),
});

const tokenOf = (credential: Credential, now = Date.now()) => ({
  tokenId: credential.id,
  ...(credential.name ? { name: credential.name } : {}),
  profileId: credential.profileId,
  userId: credential.userId,
  createdAt: credential.createdAt.toISOString(),
  expiresAt: credential.expiresAt.toISOString(),
  unlimitedRequests: credential.unlimited,
  ...(credential.rateLimit !== undefined ? { rateLimitPerMinute: credential.rateLimit } : {}),
  status: credential.expiresAt.getTime() > now ? ('Active' as const) : ('Expired' as const),
});

/**
 * Token and API credentials (docs/product/entities.md#token): machine clients sign requests like the console does, with
 * a token's or a client's id and secret. The secret is shown once, when generated.
 */
export const tokenRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (app, { identity }) => {
  const tokens = { access: layerAccess(['tokens']) };
  const clients = { access: layerAccess(['api_credentials']) };

  async function ownCredential(kind: Credential['kind'], id: string, profileId: string) {
    const credential = await identity.credential(id);
    if (!credential || credential.kind !== kind || credential.profileId !== profileId || credential.revokedAt)
      throw new DomainError('resource.notFound', { details: { id } });
  }

  app.get(
    '/tokens',
    {
      config: tokens,
      schema: {
        tags: ['Tokens'],
        summary: "The profile's tokens",
        response: { 200: z.object({ list: z.array(tokenSchema) }) },
      },
    },
    async (request) => ({
      list: (await identity.listCredentials('token', { profileId: request.viewer.profileId })).map((c) => tokenOf(c)),
    }),
  );

  app.post(
    '/tokens',
    {
      config: tokens,
      schema: {
        tags: ['Tokens'],
        summary: 'Generate a token for the profile (its secret is shown only now)',
        body: tokenRequestSchema,
        response: { 201: tokenSchema.extend(issuedCredentialsSchema.shape), 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { credential, secret } = await identity.issueToken(request.viewer, request.body);
      return reply.status(201).send({ ...tokenOf(credential), clientId: credential.id, clientSecret: secret });
    },
  );

  app.delete(
    '/tokens/:id',
    {
      config: tokens,
      schema: {
        tags: ['Tokens'],
        summary: 'Revoke a token',
        params: idParams,
        response: { 200: done, 404: errorResponse },
      },
    },
    async (request) => {
      await ownCredential('token', request.params.id, request.viewer.profileId);
      await identity.revokeCredential(request.params.id);
      return { done: true as const };
    },
  );

  app.get(
    '/api-credentials',
    {
      config: clients,
      schema: {
        tags: ['API credentials'],
        summary: "The caller's API clients for this profile",
        response: { 200: z.object({ list: z.array(clientSchema) }) },
      },
    },
    async (request) => ({
      list: (
        await identity.listCredentials('client', { userId: request.viewer.userId, profileId: request.viewer.profileId })
      ).map((c) => ({
        clientId: c.id,
        ...(c.name ? { name: c.name } : {}),
        profileId: c.profileId,
        createdAt: c.createdAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/api-credentials',
    {
      config: clients,
      schema: {
        tags: ['API credentials'],
        summary: 'A new client id and secret (the secret is shown only now)',
        body: z.object({ name: z.string().trim().max(64, 'validation.tooLong').optional() }),
        response: { 201: issuedCredentialsSchema, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { credential, secret } = await identity.issueClient(request.viewer, request.body.name);
      return reply.status(201).send({ clientId: credential.id, clientSecret: secret });
    },
  );

  app.delete(
    '/api-credentials/:id',
    {
      config: clients,
      schema: {
        tags: ['API credentials'],
        summary: 'Revoke an API client',
        params: idParams,
        response: { 200: done, 404: errorResponse },
      },
    },
    async (request) => {
      await ownCredential('client', request.params.id, request.viewer.profileId);
      await identity.revokeCredential(request.params.id);
      return { done: true as const };
    },
  );
};
