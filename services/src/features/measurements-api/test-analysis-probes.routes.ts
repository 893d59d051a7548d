import { testAnalysisProbesQuerySchema, testAnalysisProbesSchema } from '@nq/contracts';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seenProbeFilters } from '../probes/index.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { testAnalysisScreen } from './screens.ts';

/**
 * The probes to choose from, those the caller sees whose id or name holds a text (docs/product/api.md#test-analysis).
 */
export const testAnalysisProbeRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { readStore, probes } = options;

  app.get(
    '/test-analysis/probes',
    {
      config: testAnalysisScreen,
      schema: {
        tags: ['Test analysis'],
        summary: 'The probes the profile sees (those its measurements come from), by probe id, paged; searchable',
        querystring: testAnalysisProbesQuerySchema,
        response: { 200: testAnalysisProbesSchema, 400: errorResponse, 500: errorResponse },
      },
    },
    async (request, reply) => {
      const { q, page, pageSize } = request.query;
      const { items, total } = await reportedAs(
        'testAnalysis.probesFetchFailed',
        probes.seenBy(request.viewer, { signal: clientAbortSignal(reply) }).then((seen) =>
          readStore.list('probes', {
            filters: seenProbeFilters(seen),
            ...(q ? { search: { fields: ['probeId', 'name'], text: q } } : {}),
            sort: [{ field: 'probeId', order: 'asc' }],
            offset: (page - 1) * pageSize,
            limit: pageSize,
          }),
        ),
      );
      const list = items.map((probe) => ({
        id: probe.id,
        probeId: String(probe.probeId ?? probe.id),
        name: String(probe.name ?? ''),
      }));
      return { list, count: total, page, pageSize };
    },
  );
};
