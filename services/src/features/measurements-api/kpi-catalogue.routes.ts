import { kpiCatalogue, kpisOfTestTypes, testCategories } from '@nq/contracts';
import { selectionOf } from '@nq/platform/entities/validated-input';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsScopeOf, languageOf } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import { kpiViewSchema, profileKpis } from './kpi-views.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { pickerScreens } from './screens.ts';

const categories = [...(Object.keys(testCategories) as (keyof typeof testCategories)[]), 'all'] as const;
const programList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((program) => program.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()).min(1, 'validation.required').max(1000, 'validation.tooBig'));

/**
 * Graphics (docs/product/api.md#graphics): the KPIs a screen offers — by test category, and those the measurements of
 * some programs carry — within the caller's profile (its KPIs, when it lists any).
 */
export const kpiCatalogueRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, { engine }) => {
  app.get(
    '/api/types/:category/kpis',
    {
      config: pickerScreens,
      schema: {
        tags: ['Graphics'],
        summary: "The KPI catalogue of a test category (or all), within the profile's KPIs",
        params: z.object({ category: z.enum(categories) }),
        response: { 200: z.object({ category: z.enum(categories), list: z.array(kpiViewSchema) }) },
      },
    },
    async (request) => {
      const { category } = request.params;
      const among = category === 'all' ? kpiCatalogue : kpisOfTestTypes(testCategories[category]);
      return { category, list: profileKpis(request.viewer.profile, languageOf(request), among) };
    },
  );

  app.get(
    '/api/graphic/fields/byPrograms',
    {
      config: pickerScreens,
      schema: {
        tags: ['Graphics'],
        summary: "The test types the programs' measurements have and the KPIs they carry, within the profile",
        querystring: z.object({ programs: programList.describe('Comma-separated program ids') }),
        response: {
          200: z.object({
            list: z.array(z.object({ program: z.string(), testTypes: z.array(z.string()), kpis: z.array(z.string()) })),
            kpis: z.array(kpiViewSchema).describe('Every KPI of the list, described'),
          }),
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { programs } = request.query;
      const groups = await reportedAs(
        'graphics.fieldsLoadFailed',
        engine.groups({ filter: selectionOf({ programs }) }, analyticsScopeOf(request), ['program', 'testType'], {
          signal: clientAbortSignal(reply),
        }),
      );
      const allowed = profileKpis(request.viewer.profile, languageOf(request));
      const allowedIds = new Set(allowed.map((kpi) => kpi.id));
      const list = programs.map((program) => {
        const testTypes = groups
          .filter((group) => group.key.program === program)
          .map((group) => String(group.key.testType));
        const kpis = kpisOfTestTypes(testTypes)
          .map((kpi) => kpi.id)
          .filter((id) => allowedIds.has(id));
        return { program, testTypes, kpis };
      });
      const used = new Set(list.flatMap((item) => item.kpis));
      return { list, kpis: allowed.filter((kpi) => used.has(kpi.id)) };
    },
  );
};
