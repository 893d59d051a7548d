import { DomainError, entityAsOfSchema, historyAnswerSchema } from '@nq/contracts';
import { historyOf } from '@nq/platform/entities/audit';
import { alongWith } from '@nq/platform/http/access-rule';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditedEntity, auditNamer } from './audit-names.ts';

const params = z.object({ id: z.string().min(1).max(64) });

/**
 * Auditors: any configuration entity's history (who, when, which fields changed) and its state as of an instant. Each
 * kind has routes of its own (`/<kind>/:id…`), so each states its rule in the OpenAPI document and the authorization
 * matrix covers it: the settings-history screen and the entity's own read rule (its screens; administrators only when
 * its reads are), and only the entities the caller's profile sees (another profile's private one is 404).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ entities: AuditedEntity[] }> = async (app, { entities }) => {
  const namesFor = auditNamer(entities);
  for (const { service, access, visibility } of entities) {
    const { kind } = service.definition;
    const config = { access: alongWith('settings_history', access.read) };
    /** Auditors see the history of what their profile may see (deleted entities included). */
    const visibleNow = async (request: FastifyRequest, id: string) => {
      const now = await service.load(id);
      const { state } = now;
      if (now.events.length === 0 || !visibility.sees(request.viewer, { ...state.fields, id, owner: state.owner }))
        throw new DomainError('resource.notFound', { details: { kind, id } });
      return now;
    };

    app.get(
      `/${kind}/:id/history`,
      {
        config,
        schema: {
          tags: ['Audit'],
          summary: `A ${kind}'s changes: each event with actor, time and the fields it changed (before → after)`,
          params,
          response: { 200: historyAnswerSchema },
        },
      },
      async (request) => {
        const { events } = await visibleNow(request, request.params.id);
        const history = historyOf(events);
        const values = history.flatMap(({ changes }) =>
          changes.flatMap(({ field, before, after }) => [{ [field]: before }, { [field]: after }]),
        );
        return { kind, id: request.params.id, history, names: await namesFor(request.viewer, kind, values, history) };
      },
    );

    app.get(
      `/${kind}/:id`,
      {
        config,
        schema: {
          tags: ['Audit'],
          summary: `A ${kind} as of an instant (default: now), replayed from its events ('absent' before the first)`,
          params,
          querystring: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }),
          response: { 200: entityAsOfSchema },
        },
      },
      async (request) => {
        const asOf = request.query.asOf ? new Date(request.query.asOf) : new Date();
        await visibleNow(request, request.params.id);
        // Before its first event the entity did not exist yet: 'absent', version 0, no fields.
        const { state } = await service.load(request.params.id, asOf);
        return {
          kind,
          id: request.params.id,
          asOf: asOf.toISOString(),
          status: state.status,
          version: state.version,
          owner: state.owner,
          fields: state.fields,
          names: await namesFor(request.viewer, kind, [state.fields]),
        };
      },
    );
  }
};
