import { DomainError } from '@nq/contracts';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { errorResponse } from '@nq/platform/http/response-schemas';
import { z } from 'zod';

/** GET /tags/{id}/profiles — the profiles a tag is assigned to (docs/product/api.md#tags). */
export const tagRoutes: FeatureRoutes = async (app, { readStore, collection, tag, visibility }) => {
  app.get(
    '/:id/profiles',
    {
      schema: {
        tags: [tag],
        summary: 'The profiles a tag is assigned to',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ id: z.string(), profiles: z.array(z.string()) }), 404: errorResponse },
      },
    },
    async (request) => {
      const document = await readStore.get(collection, request.params.id);
      if (!document || !visibility.sees(request.viewer, document as typeof document & { owner: string }))
        throw new DomainError('resource.notFound', { details: { id: request.params.id } });
      return { id: document.id, profiles: (document.profiles as string[] | undefined) ?? [] };
    },
  );
};
