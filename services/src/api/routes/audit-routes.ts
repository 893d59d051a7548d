import type { EntityState } from '@nq/contracts';
import { DomainError, entityAsOfSchema, historyEntrySchema } from '@nq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Visibility } from '../../features/identity/visibility.ts';
import { historyOf } from '../../platform/entities/audit.ts';
import type { EntityService } from '../../platform/entities/entity-service.ts';
import { layerAccess } from '../access/access-rule.ts';

/** Auditors: any configuration entity's history (who, when, which fields changed) and its state as of an instant. */
export const auditRoutes: FastifyPluginAsyncZod<{
  services: EntityService[];
  visibilityOf(kind: string): Visibility;
}> = async (app, { services, visibilityOf }) => {
  const byKind = new Map(services.map((service) => [service.definition.kind, service]));
  const config = { access: layerAccess(['settings_history']) };
  /** Auditors see the history of what their profile may see (deleted entities included). */
  const refuseHidden = (request: FastifyRequest & { params: { kind: string; id: string } }, state: EntityState) => {
    const { kind, id } = request.params;
    if (!visibilityOf(kind).sees(request.viewer, { ...state.fields, id: state.id, owner: state.owner }))
      throw new DomainError('resource.notFound', { details: { kind, id } });
  };
  const params = z.object({ kind: z.enum([...byKind.keys()] as [string, ...string[]]), id: z.string().min(1).max(64) });
  const serviceFor = (kind: string) => byKind.get(kind)!;

  app.get(
    '/:kind/:id/history',
    {
      config,
      schema: {
        tags: ['Audit'],
        summary: "An entity's changes: each event with actor, time and the fields it changed (before → after)",
        params,
        response: { 200: z.object({ kind: z.string(), id: z.string(), history: z.array(historyEntrySchema) }) },
      },
    },
    async (request) => {
      const { events, state } = await serviceFor(request.params.kind).load(request.params.id);
      if (events.length === 0) throw new DomainError('resource.notFound', { details: request.params });
      refuseHidden(request, state);
      return { ...request.params, history: historyOf(events) };
    },
  );

  app.get(
    '/:kind/:id',
    {
      config,
      schema: {
        tags: ['Audit'],
        summary:
          "An entity's state as of an instant (default: now), replayed from its events ('absent' before the first)",
        params,
        querystring: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }),
        response: {
          200: entityAsOfSchema,
        },
      },
    },
    async (request) => {
      const asOf = request.query.asOf ? new Date(request.query.asOf) : new Date();
      const service = serviceFor(request.params.kind);
      const now = await service.load(request.params.id);
      if (now.events.length === 0) throw new DomainError('resource.notFound', { details: request.params });
      refuseHidden(request, now.state);
      // Before its first event the entity did not exist yet: 'absent', version 0, no fields.
      const { state } = await service.load(request.params.id, asOf);
      return {
        ...request.params,
        asOf: asOf.toISOString(),
        status: state.status,
        version: state.version,
        owner: state.owner,
        fields: state.fields,
      };
    },
  );
};
