import {
  DomainError,
  probeCredentialsIssuedSchema,
  probeCredentialsIssueSchema,
  probeCredentialsSchema,
} from '@nq/contracts';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from '../identity/index.ts';

/** Credentials a probe signs its gateway calls with; issuing new ones ends the previous ones. */
export const probeCredentialRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  probes: EntityService;
  visibility: Visibility;
}> = async (app, { identity, probes, visibility }) => {
  app.post(
    '/credentials',
    {
      config: { access: layerAccess(['probes_configuration'], true) },
      schema: {
        tags: ['Probes'],
        summary: `Issue gateway credentials for many probes at once (at most 10,000; each secret shown only now; each probe's older ones stop working)`,
        body: probeCredentialsIssueSchema,
        response: { 201: probeCredentialsIssuedSchema },
      },
    },
    async (request, reply) => {
      const probeIds = [...new Set(request.body.probeIds)];
      const loaded = await probes.loadMany(probeIds);
      const found = probeIds.flatMap((probeId) => {
        const { state } = loaded.get(probeId)!;
        return state.status === 'active' &&
          visibility.sees(request.viewer, { ...state.fields, id: state.id, owner: state.owner })
          ? [{ probeId: state.id, ownerProfileId: state.owner }]
          : [];
      });
      const list = await identity.issueManyProbeCredentials(found);
      const issued = new Set(found.map(({ probeId }) => probeId));
      return reply.status(201).send({ list, notFound: probeIds.filter((probeId) => !issued.has(probeId)) });
    },
  );

  app.post(
    '/:id/credentials',
    {
      config: { access: layerAccess(['probes_configuration'], true) },
      schema: {
        tags: ['Probes'],
        summary:
          "Issue the probe's gateway credentials (the secret is shown only now; older ones stop working; the probe renews them before they end)",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 201: probeCredentialsSchema.extend({ probeId: z.string() }), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { state } = await probes.load(request.params.id);
      if (
        state.status !== 'active' ||
        !visibility.sees(request.viewer, { ...state.fields, id: state.id, owner: state.owner })
      )
        throw new DomainError('resource.notFound', { details: { id: request.params.id } });
      const issued = await identity.issueProbeCredentials(state.id, state.owner);
      return reply.status(201).send({ probeId: state.id, ...issued });
    },
  );
};
