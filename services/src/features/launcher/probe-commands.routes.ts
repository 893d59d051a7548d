import { DomainError } from '@nq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { probeAccess } from '../../api/access/access-rule.ts';
import { errorResponse } from '../feature-routes.ts';
import type { LaunchStore } from './launch-store.ts';
import { launchSchema } from './launcher.routes.ts';

/** The gateway side of the launcher: a probe fetches its launch in progress and says how it ended. */
export const probeCommandRoutes: FastifyPluginAsyncZod<{ launches: LaunchStore }> = async (app, { launches }) => {
  const tags = ['Probe gateway'];

  app.get(
    '/commands',
    {
      config: { access: probeAccess },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The launch in progress for this probe, if any',
        response: { 200: z.object({ list: z.array(launchSchema) }) },
      },
    },
    async (request) => {
      const pending = await launches.pending(request.probe.probeId);
      return { list: pending ? [pending] : [] };
    },
  );

  app.post(
    '/commands/:launchId',
    {
      config: { access: probeAccess },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'How a launch ended on the probe',
        params: z.object({ launchId: z.string().min(1).max(64) }),
        body: z.object({
          state: z.enum(['Finished', 'Error', 'Cancelled']),
          measurementId: z.string().max(128).optional(),
        }),
        response: { 200: launchSchema, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { launchId } = request.params;
      const finished = await launches.finish(
        launchId,
        request.probe.probeId,
        request.body.state,
        request.body.measurementId,
      );
      if (finished) return finished;
      const launch = await launches.get(launchId);
      if (!launch || launch.probeId !== request.probe.probeId)
        throw new DomainError('resource.notFound', { details: { launchId } });
      throw new DomainError('request.conflict', { details: { launchId, state: launch.state } });
    },
  );
};
