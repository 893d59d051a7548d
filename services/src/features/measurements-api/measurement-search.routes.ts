import {
  DomainError,
  enrichedMeasurementSchema,
  inRange,
  kpiDefinitionOf,
  measurementDetailSchema,
  measurementFilterFields,
  measurementSearchWindow,
  rowSortFields,
  selectionFields,
  withSelectionRules,
} from '@nq/contracts';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { measurementNamer, namesOfMeasurement } from '../analytics/index.ts';
import { scopeOf } from '../identity/index.ts';
import { analyticsScopeOf, languageOf } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import { narrowedSelection } from './measurement-filters.ts';
import { visibleIn, withinScope } from './measurement-scope.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { detailScreens, searchScreens } from './screens.ts';

const searchBody = withSelectionRules(
  selectionFields.extend({
    ...measurementFilterFields,
    page: z.number().int('validation.invalidNumber').min(1, 'validation.tooSmall').default(1),
    pageSize: inRange(z.number().int('validation.invalidNumber'), 1, 500).default(25),
    sort: z.enum(rowSortFields, { error: 'validation.invalidOption' }).default('measuredAt'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidOption' }).default('desc'),
  }),
).superRefine((body, context) => {
  if (body.page * body.pageSize > measurementSearchWindow)
    context.addIssue({
      code: 'custom',
      message: 'validation.outOfRange',
      path: ['page'],
      params: { min: 1, max: Math.floor(measurementSearchWindow / body.pageSize) },
    });
});

/**
 * Measurements (docs/product/api.md#measurements): a search with paging and sorting over the measurements the caller's
 * scope allows, and one measurement in detail with the result section
 * (docs/product/states.md#measurement-result-sections) it belongs to and its KPI results. A measurement outside the
 * scope does not exist for the caller (404).
 */
export const measurementSearchRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { engine, measurements } = options;

  app.post(
    '/api/measurements/by/profile',
    {
      config: searchScreens,
      schema: {
        tags: ['Measurements'],
        summary:
          'Search the measurements the profile sees: by probe, program, result section, dates…, paged and sorted',
        body: searchBody,
        response: {
          200: z.object({
            list: z.array(enrichedMeasurementSchema),
            count: z
              .number()
              .int()
              .describe('Every measurement found, counted exactly (pages reach only the first 10,000)'),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          400: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { kpi, statuses, testTypes, page, pageSize, sort, order, ...filter } = request.body;
      const scope = analyticsScopeOf(request);
      const { total, rows } = await reportedAs(
        'measurements.fetchFailed',
        engine.rows(
          narrowedSelection(filter, { kpi, statuses, testTypes }),
          scope,
          { sort, order, offset: (page - 1) * pageSize, limit: pageSize },
          { signal: clientAbortSignal(reply) },
        ),
      );
      return { list: rows.map(visibleIn(scope)), count: total, page, pageSize };
    },
  );

  app.get(
    '/api/measurements/by/id/:id',
    {
      config: detailScreens,
      schema: {
        tags: ['Measurements'],
        summary: 'One measurement the profile sees, with its result section and its KPI results',
        params: z.object({ id: z.string().min(1) }),
        response: {
          200: measurementDetailSchema,
          404: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request) => {
      const found = await reportedAs('measurements.infoLoadFailed', measurements.get(request.params.id));
      const scope = scopeOf(request.viewer.profile);
      if (!found || !withinScope(found, scope))
        throw new DomainError('measurements.notFound', { details: { id: request.params.id } });
      const measurement = visibleIn(scope)(found);
      const language = languageOf(request);
      const results = Object.entries(measurement.kpis).map(([id, value]) => {
        const kpi = kpiDefinitionOf(id);
        return {
          kpi: id,
          label: kpi?.label[language] ?? id,
          unit: kpi?.unit ?? '',
          inverse: kpi?.inverse ?? false,
          value,
        };
      });
      const names = await namesOfMeasurement(measurementNamer(options, request.viewer), measurement);
      return { measurement, section: measurement.status, results, names };
    },
  );
};
