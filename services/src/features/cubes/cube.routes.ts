import {
  type CubeStatus,
  cubeRebuildBodySchema,
  cubeRebuildSchema,
  cubeStatusListSchema,
  DomainError,
  maxRebuildDays,
} from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { Platform } from '@nq/platform/platform';
import { openCubeStore } from '@nq/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endOf, startOf } from '../analytics/index.ts';
import { cubeMaintainerGroup } from './cube.worker.ts';
import { cubeBuildsOf } from './cube-builds.ts';
import { cubeDefinitions } from './cube-definitions.ts';
import { requestCubeRebuild } from './cube-rebuild.job.ts';
import { routingCounts } from './cube-routing.ts';

/** Cubes are an administrator's tool (internal tools). */
const administrators = layerAccess(['cubes_configuration'], true);
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 500: errorResponse };

/** The cubes screen's figures and the rebuild it starts, beside the definitions' own routes (`/api/cubes`). */
export const cubeRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const definitions = cubeDefinitions(platform.readStore);

  app.get(
    '/api/cubes/status',
    {
      config: { access: administrators },
      schema: {
        tags: ['Cubes'],
        summary:
          "Each cube's size, buckets, hit rate of the last day's queries, lag behind the stream and last rebuild",
        response: { 200: cubeStatusListSchema, ...errors },
      },
    },
    async () => {
      const [cubes, store, builds] = await Promise.all([
        definitions.list(),
        openCubeStore(platform),
        cubeBuildsOf(platform.sql),
      ]);
      const [latest, counts, lag] = await Promise.all([
        builds.latest(),
        routingCounts(
          platform.ephemeral,
          cubes.map((cube) => cube.name),
        ),
        platform.log.groupLag(cubeMaintainerGroup(platform.topics.measurementsEnriched)).catch(() => undefined),
      ]);
      const lagMessages = lag?.reduce((sum, partition) => sum + partition.records, 0);
      const statuses = await Promise.all(
        cubes.map(async (cube): Promise<CubeStatus> => {
          const size = await store.size(cube.id);
          const last = latest.get(cube.id);
          const hits = counts.byCube.get(cube.name) ?? 0;
          return {
            cubeId: cube.id,
            name: cube.name,
            ...size,
            hits,
            misses: counts.raw,
            ...(lagMessages === undefined ? {} : { lagMessages }),
            ...(last ? { lastRebuild: withoutCube(last) } : {}),
          };
        }),
      );
      return { cubes: statuses, rawQueries: counts.raw };
    },
  );

  app.post(
    '/api/cubes/:id/rebuild',
    {
      config: { access: administrators },
      schema: {
        tags: ['Cubes'],
        summary:
          "Rebuild a cube's rows over a range from the raw measurements (a job; its progress shows in the status)",
        params: z.object({ id: z.string().min(1).max(128) }),
        body: cubeRebuildBodySchema,
        response: { 202: cubeRebuildSchema, ...errors },
      },
    },
    async (request, reply) => {
      definitions.forget();
      const cube = (await definitions.list()).find((item) => item.id === request.params.id);
      if (!cube) throw new DomainError('resource.notFound');
      const zone = cube.grain === 'day' ? cube.timeZone : 'UTC';
      const from = startOf(request.body.from, zone);
      const to = new Date(Date.parse(endOf(request.body.to, zone)) + 1).toISOString();
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days > 0) || days > maxRebuildDays)
        throw new DomainError('cubes.rebuildRange', { params: { maxDays: maxRebuildDays }, details: { from, to } });
      const requested = await requestCubeRebuild(platform, { cubeId: cube.id, from, to });
      const build = await (await cubeBuildsOf(platform.sql)).get(requested.rebuildId);
      return reply.status(202).send(withoutCube(build!));
    },
  );
};

const withoutCube = <T extends { cubeId: string }>({ cubeId: _, ...rest }: T) => rest;
