import {
  alertBacktestBodySchema,
  alertBacktestResultSchema,
  DomainError,
  type EnrichedMeasurement,
  selectionFields,
} from '@nq/contracts';
import type { EntityLookup } from '@nq/platform/entities/configuration-entity';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnalyticsEngine, programsScopeOf, type Selection } from '../analytics/index.ts';
import { clientAbortSignal, including, translated } from '../measurements-api/index.ts';
import { alertEntity } from './alert.entity.ts';
import { alertAccess } from './alert.routes.ts';
import { admitAlertBody } from './alert-admission.ts';
import { replayAlert, summaryOf, timelineOf } from './alert-backtest.ts';
import { groupLabels } from './alert-book.ts';
import { windowOf } from './alert-evaluation.ts';

export interface AlertBacktestOptions {
  engine: AnalyticsEngine;
  readStore: ReadStore;
  entityOf: EntityLookup;
}

const dayMs = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Alert form (docs/product/rules.md#alert): "what would this alert have done over the last N days". The alert as the
 * form has it, refused as a save would be, is evaluated by the live evaluator's rules over the stored measurements of
 * those days.
 */
export const alertBacktestRoutes: FastifyPluginAsyncZod<AlertBacktestOptions> = async (app, options) => {
  const { engine, readStore, entityOf } = options;
  const labels = groupLabels(readStore);

  app.post(
    '/backtest',
    {
      config: { access: alertAccess.access.read },
      schema: {
        tags: ['Alerts'],
        summary: 'What an alert would have done over the last days: its firing windows per group, nothing saved',
        body: alertBacktestBodySchema,
        response: { 200: alertBacktestResultSchema, 400: errorResponse, 422: errorResponse, 500: errorResponse },
      },
    },
    async (request, reply) => {
      const { days, ...fields } = request.body;
      alertEntity.rules(fields);
      await admitAlertBody(request.viewer, request.body, undefined, entityOf);
      const programs = [...new Set(fields.conditions.map((condition) => condition.program))];
      const { scope, warnings } = programsScopeOf(request.viewer.profile, programs);
      const now = Date.now();
      const from = windowOf(now - days * dayMs, fields.interval).start;
      const selection: Selection = {
        filter: selectionFields.parse({
          programs,
          ...(fields.technologies.length > 0 ? { technologies: fields.technologies } : {}),
          tsStart: iso(from),
          tsEnd: iso(now),
        }),
        where: [including('probeType', [fields.type])],
      };
      const alert = { id: 'backtest', owner: request.viewer.profileId, version: 1, fields };
      const batches = engine.scan(selection, scope, { signal: clientAbortSignal(reply) }) as AsyncIterable<
        EnrichedMeasurement[]
      >;
      const replayed = await replayAlert(alert, batches, now).catch((error: unknown) => {
        if (error instanceof DomainError || isAbort(error)) throw error;
        throw new DomainError('alerts.backtestFailed', { cause: error });
      });
      const timeline = timelineOf(replayed, () => undefined);
      await labels.resolve(timeline.groups.map(({ group }) => ({ kind: group.kind, groupId: group.id })));
      const groups = timeline.groups.map(({ group, windows }) => {
        const label = labels.labelOf(group.kind, group.id);
        return { group: { ...group, ...(label ? { label } : {}) }, windows };
      });
      return {
        from: iso(from),
        to: iso(now),
        days,
        groups,
        summary: summaryOf(replayed),
        warnings: translated(request, [...warnings, ...timeline.warnings]),
      };
    },
  );
};
