import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { documentList } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';

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
