import { alertSwitchActions, DomainError } from '@nq/contracts';
import { managedOn } from '@nq/platform/entities/configuration-entity';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { commandMetadata } from '@nq/platform/http/command-metadata';
import { errorResponse } from '@nq/platform/http/response-schemas';
import { entityDocument } from '@nq/projections';
import { z } from 'zod';

/** Alerts are read and changed on their screen. */
export const alertAccess = managedOn('alerts', []);

const params = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound'),
  action: z.enum(alertSwitchActions),
});
const switched = z.object({
  id: z.string(),
  version: z.number().int(),
  position: z.string().optional(),
  entity: z.looseObject({ id: z.string(), enabled: z.boolean() }),
});

/**
 * An alert is enabled or disabled; each is a command of its own, so it never writes back a stale edit
 * (docs/product/states.md#alerts).
 */
export const alertRoutes: FeatureRoutes = async (app, { service, visibility }) => {
  app.put(
    '/:id/:action',
    {
      config: { access: alertAccess.access.write },
      schema: {
        tags: ['Alerts'],
        summary: 'Enable or disable an alert',
        params,
        response: { 200: switched, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const { state, position } = await service.execute(
        { type: 'intent', intent: action, id, payload: {} },
        commandMetadata(request),
        undefined,
        (loaded) => {
          if (
            loaded.status === 'active' &&
            !visibility.sees(request.viewer, { ...loaded.fields, id, owner: loaded.owner })
          )
            throw new DomainError('resource.notFound', { details: { id } });
        },
      );
      return {
        id,
        version: state.version,
        ...(position ? { position } : {}),
        entity: entityDocument(state) as z.infer<typeof switched>['entity'],
      };
    },
  );
};
