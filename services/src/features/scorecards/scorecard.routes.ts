import type { FeatureRoutes } from '../../platform/entities/feature-routes.ts';
import { documentList } from '../../platform/http/response-schemas.ts';
import { readAll } from '../../platform/read-store/read-all.ts';

/** GET /scorecards/active (docs/product/api.md#scorecards). */
export const scorecardRoutes: FeatureRoutes = async (app, { readStore, collection, tag }) => {
  app.get(
    '/active',
    { schema: { tags: [tag], summary: 'The active scorecards', response: { 200: documentList } } },
    async () => {
      const list = await readAll(readStore, collection, [{ field: 'status', equals: 'Active' }]);
      return { list, count: list.length };
    },
  );
};
