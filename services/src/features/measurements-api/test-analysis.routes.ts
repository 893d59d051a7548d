import {
  DomainError,
  graphicResponseSchema,
  kpisOfTestTypes,
  measurementSearchWindow,
  testAnalysisLayerSchema,
  testAnalysisProgramsSchema,
  testAnalysisResultsQuerySchema,
  testAnalysisResultsSchema,
  testAnalysisSeriesQuerySchema,
  testAnalysisWindowSchema,
} from '@nq/contracts';
import { queryIrOf, selectionOf } from '@nq/platform/entities/validated-input';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsScopeOf, languageOf, translated } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import { profileKpis } from './kpi-views.ts';
import { visibleIn } from './measurement-scope.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { testAnalysisScreen } from './screens.ts';
import { mergedAverages, narrowingOf, programSelection } from './test-analysis-selection.ts';

const probeParams = z.object({ probeId: z.string().min(1) });
const programParams = probeParams.extend({ program: z.string().min(1) });
const programsQuery = testAnalysisWindowSchema.pick({ from: true, to: true });
const resultsQuery = testAnalysisResultsQuerySchema.superRefine((query, context) => {
  if (query.page * query.pageSize > measurementSearchWindow)
    context.addIssue({
      code: 'custom',
      message: 'validation.outOfRange',
      path: ['page'],
      params: { min: 1, max: Math.floor(measurementSearchWindow / query.pageSize) },
    });
});

/**
 * What a probe measured (its programs, with how many measurements and the latest), the
 * results of one program over a window (paged, by status and network layer), one KPI of them over time, and the probe's
 * layer-3 and layer-4 settings (docs/product/api.md#test-analysis). A probe the caller does not see does not exist for
 * it (404).
 */
export const testAnalysisRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { engine, readStore, probes } = options;

  async function visibleProbe(request: FastifyRequest, probeId: string) {
    const probe = await reportedAs(
      'testAnalysis.probesFetchFailed',
      readStore
        .get('probes', probeId)
        .then(async (found) =>
          found && (await probes.sees(request.viewer, found as Parameters<typeof probes.sees>[1])) ? found : undefined,
        ),
    );
    if (!probe) throw new DomainError('probes.notFound', { details: { probeId } });
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
        querystring: programsQuery,
        response: { 200: testAnalysisProgramsSchema, 400: errorResponse, 404: errorResponse, 500: errorResponse },
      },
    },
    async (request, reply) => {
      const { probeId } = request.params;
      const { from, to } = request.query;
      await visibleProbe(request, probeId);
      const filter = selectionOf({
        probes: [probeId],
        ...(from ? { tsStart: from } : {}),
        ...(to ? { tsEnd: to } : {}),
      });
      const groups = await reportedAs(
        'testAnalysis.programsFetchFailed',
        engine.groups({ filter }, analyticsScopeOf(request), ['program'], { signal: clientAbortSignal(reply) }),
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
    '/test-analysis/:probeId/programs/:program/results',
    {
      config: testAnalysisScreen,
      schema: {
        tags: ['Test analysis'],
        summary: "One program's results of a probe over a window, by measured time, paged; by status and layer",
        params: programParams,
        querystring: resultsQuery,
        response: {
          200: testAnalysisResultsSchema,
          400: errorResponse,
          404: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { probeId, program } = request.params;
      const { page, pageSize, order, ...window } = request.query;
      await visibleProbe(request, probeId);
      const scope = analyticsScopeOf(request);
      const signal = clientAbortSignal(reply);
      const selection = programSelection(probeId, program, window);
      const [{ total, rows }, testTypes] = await reportedAs(
        'testAnalysis.resultsFetchFailed',
        Promise.all([
          engine.rows(
            selection,
            scope,
            { sort: 'measuredAt', order, offset: (page - 1) * pageSize, limit: pageSize },
            {
              signal,
            },
          ),
          engine.groups(selection, scope, ['testType'], { signal }),
        ]),
      );
      const measured = kpisOfTestTypes(testTypes.map((group) => String(group.key.testType))).map((kpi) => kpi.id);
      const kpis = profileKpis(request.viewer.profile, languageOf(request))
        .filter((kpi) => measured.includes(kpi.id))
        .map(({ id, label, unit, inverse }) => ({ id, label, unit, inverse }));
      const list = rows.map(visibleIn(scope)).map((row) => ({
        measurementId: row.measurementId,
        measuredAt: row.measuredAt,
        status: row.status,
        testType: row.testType,
        ...(row.destination ? { destination: row.destination.name } : {}),
        technology: row.technology,
        kpis: row.kpis,
        ...(row.failure ? { failure: row.failure } : {}),
      }));
      return { probeId, program, list, count: total, page, pageSize, kpis };
    },
  );

  app.get(
    '/test-analysis/:probeId/programs/:program/series',
    {
      config: testAnalysisScreen,
      schema: {
        tags: ['Test analysis'],
        summary: "The average of one KPI of a program's results over time (a graphic answer), by status and layer",
        params: programParams,
        querystring: testAnalysisSeriesQuerySchema,
        response: {
          200: graphicResponseSchema,
          400: errorResponse,
          404: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { probeId, program } = request.params;
      const { kpi, granularity, from, to, status, layer } = request.query;
      await visibleProbe(request, probeId);
      const ir = queryIrOf({
        graphicType: 'line',
        kpi,
        granularity,
        metric: 'avg',
        probes: [probeId],
        programs: [program],
        breakdowns: ['status', 'testType'],
        ...(from ? { tsStart: from } : {}),
        ...(to ? { tsEnd: to } : {}),
      });
      const answer = await reportedAs(
        'testAnalysis.resultsFetchFailed',
        engine.run(ir, analyticsScopeOf(request), { signal: clientAbortSignal(reply) }),
      );
      if (answer.kind !== 'metric') throw new Error('a line graphic answers a metric');
      const series = mergedAverages(answer, narrowingOf(status, layer));
      return { ...answer, series, warnings: translated(request, answer.warnings) };
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
        response: { 200: testAnalysisLayerSchema, 404: errorResponse },
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
