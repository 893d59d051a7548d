import { type Dimension, type TechnologyCode, technologyLabels } from '@nq/contracts';
import { selectionOf } from '@nq/platform/entities/validated-input';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Group } from '../analytics/index.ts';
import { analyticsScopeOf } from './caller.ts';
import { clientAbortSignal } from './engine-call.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { pickerScreens } from './screens.ts';

/** `/technologies/by{Field}`: the field's name as the path spells it, and the dimension it groups by. */
const byFields = {
  Isp: 'isp',
  Provider: 'provider',
  Probe: 'probe',
  ProbeType: 'probeType',
  Program: 'program',
  TestType: 'testType',
  Destination: 'destination',
  Campaign: 'campaign',
  Universe: 'universe',
  Cluster: 'cluster',
  Tag: 'tag',
  Source: 'source',
} as const satisfies Record<string, Dimension>;
type ByField = keyof typeof byFields;

const technology = z.object({ id: z.number().int(), label: z.string() });
const technologyOf = (code: unknown) => ({
  id: Number(code),
  label: technologyLabels[Number(code) as TechnologyCode] ?? String(code),
});

/**
 * The technologies seen in the measurements the caller's scope allows (docs/product/api.md#technologies) — all of them,
 * or per ISP, provider, probe… A load failure yields an empty list, so an engine failure answers one (and is logged).
 */
export const technologyRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, { engine }) => {
  async function groupsOrNone(request: FastifyRequest, reply: FastifyReply, by: Dimension[]): Promise<Group[]> {
    try {
      return await engine.groups({ filter: selectionOf({}) }, analyticsScopeOf(request), by, {
        signal: clientAbortSignal(reply),
      });
    } catch (error) {
      request.log.error({ err: error }, 'technologies could not be loaded');
      return [];
    }
  }

  app.get(
    '/technologies',
    {
      config: pickerScreens,
      schema: {
        tags: ['Technologies'],
        summary: 'The technologies of the measurements the profile sees, with how many each',
        response: { 200: z.object({ list: z.array(technology.extend({ count: z.number().int() })) }) },
      },
    },
    async (request, reply) => ({
      list: (await groupsOrNone(request, reply, ['technology'])).map((group) => ({
        ...technologyOf(group.key.technology),
        count: group.count,
      })),
    }),
  );

  app.get(
    '/technologies/by:field',
    {
      config: pickerScreens,
      schema: {
        tags: ['Technologies'],
        summary: 'The technologies seen per value of a field (e.g. /technologies/byIsp), within the profile',
        params: z.object({ field: z.enum(Object.keys(byFields) as [ByField, ...ByField[]]) }),
        response: {
          200: z.object({
            field: z.string(),
            list: z.array(z.object({ value: z.string(), technologies: z.array(technology) })),
          }),
        },
      },
    },
    async (request, reply) => {
      const dimension = byFields[request.params.field];
      const perValue = new Map<string, ReturnType<typeof technologyOf>[]>();
      for (const { key } of await groupsOrNone(request, reply, [dimension, 'technology'])) {
        const value = String(key[dimension]);
        perValue.set(value, [...(perValue.get(value) ?? []), technologyOf(key.technology)]);
      }
      return {
        field: request.params.field,
        list: [...perValue].map(([value, technologies]) => ({ value, technologies })),
      };
    },
  );
};
