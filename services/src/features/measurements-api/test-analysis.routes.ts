import { DomainError } from '@nq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../feature-routes.ts';
import { analyticsScopeOf } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { testAnalysisScreen } from './screens.ts';
import { selectionOf } from './validated.ts';

const probeParams = z.object({ probeId: z.string().min(1) });
const settings = z.record(z.string(), z.unknown()).nullable();

/**
 * Spec §7 Other, test analysis: what a probe measured (its programs, with how many measurements and the latest) and
 * its layer-3 and layer-4 settings. A probe the caller does not see does not exist for it (404).
 */
export const testAnalysisRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { engine, readStore, probeVisibility } = options;

  async function visibleProbe(request: FastifyRequest, probeId: string) {
    const probe = await reportedAs('testAnalysis.probesFetchFailed', readStore.get('probes', probeId));
    if (!probe || !probeVisibility.sees(request.viewer, probe as Parameters<typeof probeVisibility.sees>[1]))
      throw new DomainError('probes.notFound', { details: { probeId } });
    return probe;
  }

  app.get(
    '/test-analysis/:probeId/programs',
    {
      config: testAnalysisScreen,
      schema: {
        tags: ['Test analysis'],
        summary: 'The programs a probe measured, with their measurement count and latest time, within the profile',
        params: probeParams,
        response: {
          200: z.object({
            probeId: z.string(),
            list: z.array(z.object({ program: z.string(), count: z.number().int(), lastMeasuredAt: z.string() })),
            count: z.number().int(),
          }),
          404: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { probeId } = request.params;
      await visibleProbe(request, probeId);
      const groups = await reportedAs(
        'testAnalysis.programsFetchFailed',
        engine.groups({ filter: selectionOf({ probes: [probeId] }) }, analyticsScopeOf(request), ['program'], {
          signal: clientAbortSignal(reply),
        }),
      );
      const list = groups.map(({ key, count, lastMeasuredAt }) => ({
        program: String(key.program),
        count,
        lastMeasuredAt,
      }));
      return { probeId, list, count: list.length };
    },
  );

  app.get(
    '/test-analysis/:probeId/layer',
    {
      config: testAnalysisScreen,
      schema: {
        tags: ['Test analysis'],
        summary: "A probe's layer-3 and layer-4 settings, from its configuration",
        params: probeParams,
        response: {
          200: z.object({ probeId: z.string(), layer3: settings, layer4: settings }),
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { probeId } = request.params;
      const further = (await visibleProbe(request, probeId)).further as
        | { layer3?: Record<string, unknown>; layer4?: Record<string, unknown> }
        | undefined;
      return { probeId, layer3: further?.layer3 ?? null, layer4: further?.layer4 ?? null };
    },
  );
};
