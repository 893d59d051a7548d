import { DomainError, probeStatusDetailSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeStatusCollection } from '@nq/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProbeSight } from '../probes/index.ts';
import { statusDetailOf } from './status-answers.ts';

export interface ProbeStatusDetailRouteOptions {
  readStore: ReadStore;
  /** The probes each profile sees. */
  probes: ProbeSight;
}

/**
 * One probe's last report with what its agent said of itself (version, buffered and dropped results, clock offset)
 * and its last contact: the fleet-wide list leaves these out to stay light.
 */
export const probeStatusDetailRoutes: FastifyPluginAsyncZod<ProbeStatusDetailRouteOptions> = async (app, options) => {
  const { readStore, probes } = options;

  app.get(
    '/probes/:id/status',
    {
      config: { access: layerAccess(['tools/probes_status', 'probes-map', 'probes_configuration']) },
      schema: {
        tags: ['Probe status'],
        summary:
          "A probe's last report with its agent's status: software version, last contact, buffered and dropped results, clock offset",
        params: z.object({ id: z.string().min(1).describe('The probe id') }),
        response: { 200: probeStatusDetailSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const probe = await readStore.get('probes', request.params.id);
      if (!probe || !(await probes.sees(request.viewer, probe as Parameters<ProbeSight['sees']>[1])))
        throw new DomainError('probes.notFound');
      return statusDetailOf({ probe, status: await readStore.get(probeStatusCollection, probe.id) });
    },
  );
};
