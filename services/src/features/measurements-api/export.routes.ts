import {
  csvOptionsRequestSchema,
  deployments,
  kpiIds,
  measurementFilterFields,
  probeTypes,
  selectionFields,
  withSelectionRules,
} from '@nq/contracts';
import { errorResponse } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { measurementNamer, programsScopeOf } from '../analytics/index.ts';
import { seenProbeFilters } from '../probes/index.ts';
import { csvOptionsOf } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import { including, narrowedSelection } from './measurement-filters.ts';
import { visibleIn } from './measurement-scope.ts';
import { csvStream, jsonArrayStream, prefetched, sendStream } from './measurement-stream.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { exportScreens } from './screens.ts';

const exportBody = withSelectionRules(
  selectionFields.extend({ ...measurementFilterFields, csv: csvOptionsRequestSchema.optional() }),
);

/**
 * Graphics `POST /medux/{service}/{deployment}/{format}` (docs/product/api.md#graphics): every measurement the filters
 * select, of the probes of that service (probe type) and deployment the caller sees, streamed oldest first as CSV (one
 * column per KPI the profile has, written as `csv` asks, else as the caller's language has it) or as a JSON array. A
 * client that goes away stops the export.
 */
export const exportRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { engine, readStore } = options;

  app.post(
    '/medux/:service/:deployment/:format',
    {
      config: exportScreens,
      schema: {
        tags: ['Graphics'],
        summary: "Export the measurements of a service's probes in a deployment (within the profile) as CSV or JSON",
        params: z.object({
          service: z.enum(probeTypes),
          deployment: z.enum(deployments),
          format: z.enum(['csv', 'json']),
        }),
        body: exportBody,
        response: {
          200: z.string().describe('CSV, or a JSON array of measurements, streamed'),
          400: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { service, deployment, format } = request.params;
      const { kpi, statuses, testTypes, csv, ...filter } = request.body;
      // Warnings have no place in a streamed file: programs partly without targets export the others' measurements.
      const { scope } = programsScopeOf(request.viewer.profile, filter.programs);
      const signal = clientAbortSignal(reply);
      const probes = await reportedAs(
        'measurements.fetchFailed',
        options.probes.seenBy(request.viewer, { signal }).then((seen) =>
          // Their ids narrow the selection (no order needed), a probe created a moment ago included: its results may
          // already be stored (ingest reads probes by id, which a search shows only after a refresh).
          readAll(readStore, 'probes', [{ field: 'deployment', equals: deployment }, ...seenProbeFilters(seen)], {
            order: 'id',
            fresh: true,
          }),
        ),
      );
      const selection = narrowedSelection(filter, { kpi, statuses, testTypes }, [
        including('probeType', [service]),
        including(
          'probe',
          probes.map((probe) => probe.id),
        ),
      ]);
      const scanned = await reportedAs(
        'measurements.fetchFailed',
        prefetched(engine.scan(selection, scope, { signal })),
      );
      const visible = visibleIn(scope);
      const batches = (async function* () {
        for await (const batch of scanned) yield batch.map(visible);
      })();
      const fileName = `measurements-${service}-${deployment}.${format}`;
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      if (format === 'json') return sendStream(reply, 'application/json; charset=utf-8', jsonArrayStream(batches));
      return sendStream(
        reply,
        'text/csv; charset=utf-8',
        csvStream(batches, scope.kpis ?? kpiIds, measurementNamer(options, request.viewer), csvOptionsOf(request, csv)),
      );
    },
  );
};
